// Checks shared by the sources' verify(): every failure is a WebhookAuthError, so the route
// answers 401 and records nothing, whatever was wrong (missing secret, header, signature).
import type { z } from "zod";
import { WebhookAuthError, type IncomingWebhook } from "@/lib/provider-events/types";

/** How far a signed timestamp may be from our clock (either way): limits replays of a captured request. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/**
 * The provider row's webhook settings, or WebhookAuthError when they are missing: without a
 * secret nothing can be verified, and an unverifiable event or message must not be recorded.
 */
export function webhookConfig<T>(provider: string, schema: z.ZodType<T>, config: unknown): T {
  const parsed = schema.safeParse(config);
  if (!parsed.success) throw new WebhookAuthError(`${provider} webhooks are not configured for this provider`);
  return parsed.data;
}

/** Only the headers are read, so event and inbound requests (string or binary bodies) both fit. */
export function requireHeader(req: Pick<IncomingWebhook, "headers">, name: string): string {
  const value = req.headers.get(name);
  if (!value) throw new WebhookAuthError(`Missing ${name} header`);
  return value;
}

/** `timestamp` in Unix seconds, as the providers sign it. */
export function assertFresh(timestamp: string | number, now: Date): void {
  const seconds = typeof timestamp === "number" ? timestamp : /^\d+$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(seconds)) throw new WebhookAuthError("Invalid signature timestamp");
  if (Math.abs(now.getTime() / 1000 - seconds) > TIMESTAMP_TOLERANCE_SECONDS) {
    throw new WebhookAuthError("Signature timestamp outside the 5-minute tolerance");
  }
}
