// Structured logs (pino): one JSON object per line on stdout. Inside a request every line
// carries its request id, route and, once the caller is known, organization (request-context.ts).
// Secrets never belong in a log line; the redaction below is a second line of defence for
// fields whose names say they hold one, should a caller pass a whole object by mistake.
import pino from "pino";
import { requestFields } from "@/lib/log-context";

type Fields = Record<string, unknown>;

const SECRET_FIELDS = ["password", "secret", "token", "apiKey", "key", "authorization", "cookie", "config", "credentials", "accessToken", "refreshToken", "clientSecret"];

const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  messageKey: "msg",
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => requestFields() ?? {},
  redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]), censor: "[redacted]" },
  serializers: { err: (e: unknown) => (e instanceof Error ? { message: e.message, stack: e.stack } : e) },
});

const write = (level: "info" | "warn" | "error") => (msg: string, fields?: Fields) => {
  // bigint is not JSON: pino would throw on it.
  const safe = fields && Object.values(fields).some((v) => typeof v === "bigint")
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]))
    : fields;
  if (safe) logger[level](safe, msg);
  else logger[level](msg);
};

export const log = { info: write("info"), warn: write("warn"), error: write("error") };
