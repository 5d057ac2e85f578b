// Runs in each test worker before the tests: point lib/ at the run's database and secrets.
import { inject } from "vitest";

const serverEnv = inject("serverEnv");
if (inject("mode") === "postgres") process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = serverEnv.AUTH_SECRET;
process.env.ENCRYPTION_KEY = serverEnv.ENCRYPTION_KEY;
process.env.APP_URL = inject("baseUrl") || "http://localhost:3000";
// Adapter tests call the adapters in this process, against fakes on 127.0.0.1.
if (serverEnv.ALLOW_PRIVATE_PROVIDER_HOSTS) process.env.ALLOW_PRIVATE_PROVIDER_HOSTS = serverEnv.ALLOW_PRIVATE_PROVIDER_HOSTS;
if (serverEnv.DEFAULT_FROM) process.env.DEFAULT_FROM = serverEnv.DEFAULT_FROM;
