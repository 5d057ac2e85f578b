// Structured logs (pino): one JSON object per line on stdout. Inside a request every line
// carries its request id, route and, once the caller is known, organization (lib/log-context.ts).
// Secrets never belong in a log line; the redaction below is a second line of defence for
// fields whose names say they hold one (at any depth), should a caller pass a whole object.
import cluster from "node:cluster";
import pino from "pino";
import { requestFields } from "@/lib/log-context";

type Fields = Record<string, unknown>;

/** Field names that say they hold a secret, at any depth and in any case. */
const SECRET_NAME = /pass(word|phrase)?$|secret|token|api_?key|private_?key|authorization|cookie|credential|^key$|^config$/i;
const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** Secret-named fields redacted; bigints as text (JSON has none): one walk over what is logged. */
function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "bigint") return value.toString();
  if (depth > 6 || value === null || typeof value !== "object" || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? "[redacted]" : redact(v, depth + 1)]));
}

// An unknown LOG_LEVEL must not crash the import: env() reports it readably at start-up.
const level = (process.env.LOG_LEVEL ?? "").toLowerCase();

const logger = pino({
  level: LEVELS.has(level) ? level : "info",
  // With several server processes (scripts/serve.mjs) each line says which one wrote it.
  base: cluster.isWorker ? { pid: process.pid } : undefined,
  messageKey: "msg",
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }), log: (object) => redact(object) as Record<string, unknown> },
  mixin: () => requestFields() ?? {},
  serializers: { err: (e: unknown) => (e instanceof Error ? { message: e.message, stack: e.stack } : e) },
});

const write = (level: "info" | "warn" | "error") => (msg: string, fields?: Fields) => {
  if (fields) logger[level](fields, msg);
  else logger[level](msg);
};

export const log = { info: write("info"), warn: write("warn"), error: write("error") };
