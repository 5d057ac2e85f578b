// Reading providers' event bodies: JSON and schema failures become WebhookFormatError (400),
// and the small normalizations every source needs live here so they behave the same.
import type { z } from "zod";
import { WebhookFormatError } from "@/lib/provider-events/types";

export function parseJsonBody(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookFormatError("Body is not valid JSON");
  }
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WebhookFormatError(`Invalid ${what}: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "unreadable"}`);
  }
  return parsed.data;
}

/** ISO 8601 strings or Unix seconds. A string without a zone is read as UTC, never as server-local time. */
export function eventDate(value: string | number): Date {
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
  if (Number.isNaN(date.getTime())) throw new WebhookFormatError(`Invalid event time: ${value}`);
  return date;
}

/** Lower-cased bare address; accepts "Name <addr>" in case a provider echoes a formatted address. */
export function normalizeRecipient(value: string): string {
  const bracketed = /<([^<>]+)>\s*$/.exec(value);
  return (bracketed ? bracketed[1] : value).trim().toLowerCase();
}

/**
 * A message id without angle brackets. Mailgun's send API answers id "<…@domain>" while its
 * events carry the Message-Id header bare: ids are compared without angle brackets (the
 * event route strips our stored ids the same way).
 */
export function bareMessageId(id: string): string {
  return id.trim().replace(/^<(.*)>$/, "$1");
}

/**
 * One provider notification may yield an event per recipient: suffix the provider's id with
 * the recipient then, so each event keeps a unique de-duplication key.
 */
export function eventIdFor(baseId: string | null, recipient: string, eventCount: number): string | null {
  if (baseId === null) return null;
  return eventCount > 1 ? `${baseId}:${recipient}` : baseId;
}
