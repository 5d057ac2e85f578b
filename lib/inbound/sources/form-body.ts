// Reading the form posts of SendGrid Inbound Parse and Mailgun Routes (multipart/form-data,
// or x-www-form-urlencoded) with the platform's own parser, undici's Request.formData().
import type { z } from "zod";
import type { IncomingInbound } from "@/lib/inbound/sources/types";
import { parseWith } from "@/lib/provider-events/event-body";
import { WebhookFormatError } from "@/lib/provider-events/types";

// verify(), replayToken() and parse() each read the form of the same request: parsed once.
const forms = new WeakMap<IncomingInbound, Promise<FormData>>();

async function parseForm(req: IncomingInbound): Promise<FormData> {
  const request = new Request(req.url, {
    method: "POST",
    headers: { "content-type": req.headers.get("content-type") ?? "" },
    body: new Uint8Array(req.rawBody),
  });
  try {
    return await request.formData();
  } catch {
    throw new WebhookFormatError("Body is not a readable multipart/form-data or urlencoded form");
  }
}

export function readForm(req: IncomingInbound): Promise<FormData> {
  let form = forms.get(req);
  if (!form) {
    form = parseForm(req);
    forms.set(req, form);
  }
  return form;
}

/** The text fields (the first of each name), to check with a zod schema. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/** A field that holds a whole message, sent as text or as a file; null when absent. */
export async function formBytes(form: FormData, name: string): Promise<Buffer | null> {
  const value = form.get(name);
  if (value === null) return null;
  return typeof value === "string" ? Buffer.from(value) : Buffer.from(await value.arrayBuffer());
}

/** Files posted as `<prefix><n>` (attachment1, attachment-1...), in the order of n. */
export function numberedFiles(form: FormData, prefix: string): { field: string; file: File }[] {
  const found: { field: string; file: File; n: number }[] = [];
  for (const [field, value] of form) {
    const n = field.startsWith(prefix) && /^\d+$/.test(field.slice(prefix.length)) ? Number(field.slice(prefix.length)) : NaN;
    if (Number.isNaN(n)) continue;
    if (typeof value === "string") throw new WebhookFormatError(`${field} is not a file`);
    found.push({ field, file: value, n });
  }
  return found.sort((a, b) => a.n - b.n).map(({ field, file }) => ({ field, file }));
}

/** A field holding JSON (SendGrid's envelope, Mailgun's message-headers...), checked with a schema. */
export function jsonField<T>(schema: z.ZodType<T>, value: string, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new WebhookFormatError(`${what} is not valid JSON`);
  }
  return parseWith(schema, json, what);
}
