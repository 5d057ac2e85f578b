// Structured logs: one JSON object per line, with the request id where there is one.
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", msg: string, fields: Fields = {}) {
  const err = fields.err instanceof Error ? { err: { message: fields.err.message, stack: fields.err.stack } } : {};
  let line: string;
  try {
    line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields, ...err }, (_k, v) =>
      typeof v === "bigint" ? v.toString() : v,
    );
  } catch {
    line = JSON.stringify({ level, time: new Date().toISOString(), msg, unserializable: true, ...err }); // circular fields
  }
  (level === "error" ? console.error : console.log)(line);
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
