// Valid-ish values from a JSON Schema (the OpenAPI document's, or zod's own JSON Schema output
// of a legacy route's schema): each field of its type, within its bounds, matching its pattern
// or format. Field names steer strings that have a meaning the schema cannot say (an address,
// a URL, an id of one of the organization's resources), so that many generated requests pass
// validation and reach the handler. The hostile mutations (hostile.ts) start from these.
import fc from "fast-check";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Ids the generator may use for fields that name a resource (by field name), and addresses. */
export interface Hints {
  /** Ids for a field such as listId, templateId, contactIds (own organization's, sometimes another's). */
  idsFor(field: string): string[];
  /** Addresses that are on the organization's test list. */
  addresses: string[];
}

const DAY = 86_400_000;

const EMAIL_FIELD = /^(to|from|replyTo|cc|bcc|email|emails|recipient|recipients)$/;
const URL_FIELD = /(url|uri|Uri|Url|Uris|uris)$/;
const ID_FIELD = /(Id|Ids|_id)$/;

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/);

function emailish(hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...hints.addresses) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,8}@example\.test$/) },
    { weight: 1, arbitrary: fc.constantFrom(...hints.addresses).map((a) => `Fuzz Tester <${a}>`) },
  );
}

function dateTime(field: string): fc.Arbitrary<string> {
  // Times to schedule at lie ahead; report bounds lie behind.
  const ahead = /^(scheduledFor|scheduledAt)$/.test(field);
  return fc
    .integer({ min: ahead ? 60_000 : -60 * DAY, max: ahead ? 30 * DAY : 0 })
    .map((offset) => new Date(Date.now() + offset).toISOString());
}

function stringOf(s: JsonSchema, field: string, hints: Hints): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
  if (s.format === "uuid" || (ID_FIELD.test(field) && !s.pattern)) {
    const known = hints.idsFor(field);
    return known.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  }
  if (s.format === "date-time") return dateTime(field);
  if (s.format === "email" || EMAIL_FIELD.test(field)) return emailish(hints);
  if (s.format === "uri" || s.format === "url" || URL_FIELD.test(field))
    return fc.stringMatching(/^[a-z]{1,10}$/).map((p) => `https://hooks.example.test/${p}`);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
  if (field === "content") return fc.constant("BEGIN:VCALENDAR\nEND:VCALENDAR");
  return fc
    .oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max }) })
    .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : 0);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : lo + 1000);
  const top = Math.min(hi, lo + 100_000);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(top) })
    : fc.double({ min: lo, max: top, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values that (mostly) satisfy `schema`; `field` is the property's name. */
export function fromSchema(schema: JsonSchema, hints: Hints, field = "", depth = 0): fc.Arbitrary<unknown> {
  const s = schema;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((b) => fromSchema(b, hints, field, depth)));
  if (s.allOf?.length) return fromSchema(Object.assign({}, ...s.allOf), hints, field, depth);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...s, type }, hints, field, depth)));
  switch (types[0]) {
    case "string":
      return stringOf(s, field, hints);
    case "integer":
      return numberOf(s, true);
    case "number":
      return numberOf(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = s.minItems ?? 0;
      const item = s.items ? fromSchema(s.items, hints, field, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength: min, maxLength: Math.min(s.maxItems ?? min + 3, min + 3) });
    }
    case "object":
      return objectOf(s, hints, depth);
    default:
      // Anything goes (zod's unknown): small JSON.
      return depth > 2 ? fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) {
    // A record: a few string keys with values of the record's value schema.
    const value =
      typeof s.additionalProperties === "object" ? fromSchema(s.additionalProperties, hints, "", depth + 1) : fc.jsonValue({ maxDepth: 1 });
    return fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/), value, { maxKeys: 3 });
  }
  const required = s.required ?? [];
  const record = Object.fromEntries(names.map((n) => [n, fromSchema(props[n], hints, n, depth + 1)]));
  return fc.record(record, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}
