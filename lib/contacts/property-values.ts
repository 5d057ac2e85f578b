// Typed contact properties: the organization defines each key with a type, and every value
// (from the API, a CSV cell or a list filter) is checked against it here. Dates are ISO 8601
// strings, stored normalized to UTC with milliseconds ("2024-01-15T00:00:00.000Z") so that
// stored dates compare correctly as text and one date has one spelling.
export const PROPERTY_TYPES = ["string", "number", "boolean", "date"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type PropertyValue = string | number | boolean;
export type Checked = { value: PropertyValue } | { error: string };

/** A string property's longest value, in characters. */
export const MAX_STRING_VALUE = 1000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const TRUE = new Set(["true", "yes", "1"]);
const FALSE = new Set(["false", "no", "0"]);

/** An ISO 8601 date or date-time as UTC with milliseconds; null when it is not one (or no such day). A time without an offset is UTC. */
export function normalizeDate(text: string): string | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone = "Z"] = m;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  const offset = zone.toUpperCase() === "Z" ? "Z" : zone.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  const ms = frac ? frac.slice(0, 4).padEnd(4, "0") : ".000";
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${offset}`);
  // An offset can carry 9999-12-31 into year 10000, written "+010000-…": it would not compare as text.
  const iso = Number.isNaN(date.getTime()) ? null : date.toISOString();
  return iso && /^\d{4}-/.test(iso) ? iso : null;
}

const describe = (v: unknown) => JSON.stringify(v)?.slice(0, 60) ?? String(v);

/** A JSON value given for a property of `type` (the API's contact bodies). */
export function checkJsonValue(type: PropertyType, value: unknown): Checked {
  switch (type) {
    case "string":
      if (typeof value !== "string") return { error: `expected a string, got ${describe(value)}` };
      if (value.length > MAX_STRING_VALUE) return { error: `at most ${MAX_STRING_VALUE} characters` };
      return { value };
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return { error: `expected a number, got ${describe(value)}` };
      return { value };
    case "boolean":
      if (typeof value !== "boolean") return { error: `expected true or false, got ${describe(value)}` };
      return { value };
    case "date": {
      const date = typeof value === "string" ? normalizeDate(value) : null;
      if (date === null) return { error: `expected an ISO 8601 date like "2024-01-15" or "2024-01-15T09:30:00Z", got ${describe(value)}` };
      return { value: date };
    }
  }
}

/** A CSV cell or a query-string value (text, not empty) for a property of `type`. */
export function parseTextValue(type: PropertyType, text: string): Checked {
  switch (type) {
    case "string":
      return checkJsonValue("string", text);
    case "number": {
      const n = NUMBER.test(text.trim()) ? Number(text.trim()) : NaN;
      return Number.isFinite(n) ? { value: n } : { error: `expected a number, got ${describe(text)}` };
    }
    case "boolean": {
      const t = text.trim().toLowerCase();
      if (TRUE.has(t)) return { value: true };
      if (FALSE.has(t)) return { value: false };
      return { error: `expected true or false (or yes/no, 1/0), got ${describe(text)}` };
    }
    case "date":
      return checkJsonValue("date", text);
  }
}
