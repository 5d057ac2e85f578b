// Runs in each test worker before the tests: point lib/ at the run's database and secrets.
import { inject } from "vitest";

const serverEnv = inject("serverEnv");
if (inject("mode") === "postgres") process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = serverEnv.AUTH_SECRET;
process.env.ENCRYPTION_KEY = serverEnv.ENCRYPTION_KEY;
process.env.APP_URL = inject("baseUrl") || "http://localhost:3000";
