// Runs in each unit-test worker (the `unit` project, vitest.config.ts) before the tests: the
// fixed settings pure code reads, with no build, database or server behind them. Secrets are
// set so lib/config/secrets.ts never writes generated ones into a data folder.
process.env.AUTH_SECRET = "unit-tests-auth-secret-not-for-use";
process.env.ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.APP_URL = "http://localhost:3000";
// Unit tests have no database: one that reaches for it fails at once on this unresolvable host
// (it belongs in tests/integration) instead of opening an embedded database in the checkout.
process.env.DATABASE_URL = "postgresql://unit-tests-have-no-database.invalid/none";
