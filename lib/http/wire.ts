// Response schemas describe the JSON on the wire. Data leaves through toWire (Dates become
// ISO strings) and then the output schema, which drops every field it does not name.
import { z } from "zod";

export const timestamp = z.iso.datetime({ offset: true });
export const nullableTimestamp = timestamp.nullable();

export function toWire<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  return schema.parse(JSON.parse(JSON.stringify(data)));
}

/** The answer of an action that reports only that it happened: {deleted: true}, {revoked: true}. */
export function outcomeSchema<K extends string>(key: K) {
  return z.object({ [key]: z.boolean() } as Record<K, z.ZodBoolean>);
}
