// One attempt of a claimed delivery: sign the stored body with the endpoint's active secrets,
// POST it, and decide what happens next (SPEC Events: signature headers, retries).
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { activeSecrets, signatureHeader } from "@/lib/webhooks/signing";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { parseRetryAfter, retryDelayMs } from "@/lib/webhooks/retry-schedule";
import type { AttemptOutcome, ClaimedDelivery } from "@/lib/webhooks/delivery-store";

/** The headers of one attempt; X-Webhook-Id is new for every attempt, X-Webhook-Event-Id is not. */
export function deliveryHeaders(d: ClaimedDelivery, attemptId: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "x-webhook-id": attemptId,
    "x-webhook-timestamp": String(timestamp),
    "x-webhook-signature": signatureHeader(activeSecrets(d, now), attemptId, timestamp, d.payload),
    "x-webhook-event-id": d.eventId ?? d.id,
    "x-webhook-event": d.eventType,
  };
}

/** Never throws: anything that goes wrong is this attempt's failure, retried on the schedule. */
export async function attemptDelivery(d: ClaimedDelivery): Promise<AttemptOutcome> {
  try {
    return await attempt(d);
  } catch (err) {
    const e = env();
    const delay = retryDelayMs(d.attempt, e.WEBHOOK_RETRY_BASE_SECONDS);
    return {
      deliveryId: d.id,
      endpointId: d.endpointId,
      attemptId: `msg_${randomUUID().replace(/-/g, "")}`,
      attempt: d.attempt,
      startedAt: new Date(),
      durationMs: 0,
      statusCode: null,
      responseBody: null,
      error: `could not attempt: ${(err as Error).message}`,
      next: delay === null ? "failed" : "pending",
      nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
    };
  }
}

async function attempt(d: ClaimedDelivery): Promise<AttemptOutcome> {
  const startedAt = new Date();
  const attemptId = `msg_${randomUUID().replace(/-/g, "")}`;
  const base = { deliveryId: d.id, endpointId: d.endpointId, attemptId, attempt: d.attempt, startedAt };
  if (!d.isActive) {
    // Disabled since this delivery was queued: it stops here (SPEC: no more deliveries are sent to it).
    return {
      ...base,
      durationMs: 0,
      statusCode: null,
      responseBody: null,
      error: "endpoint disabled",
      next: "cancelled",
      nextAttemptAt: null,
    };
  }
  const e = env();
  const res = await postWebhook(d.url, d.payload, deliveryHeaders(d, attemptId, startedAt), e.ALLOW_PRIVATE_WEBHOOK_URLS);
  const ok = res.statusCode !== null && res.statusCode >= 200 && res.statusCode < 300;
  const outcome = {
    ...base,
    durationMs: res.durationMs,
    statusCode: res.statusCode,
    responseBody: res.body,
    error: ok ? null : (res.error ?? `HTTP ${res.statusCode}`),
  };
  if (ok) return { ...outcome, next: "succeeded", nextAttemptAt: null };
  const retryAfter = res.statusCode === 429 || res.statusCode === 503 ? parseRetryAfter(res.retryAfter) : null;
  const delay = retryDelayMs(d.attempt, e.WEBHOOK_RETRY_BASE_SECONDS, retryAfter);
  if (delay === null) return { ...outcome, next: "failed", nextAttemptAt: null };
  return { ...outcome, next: "pending", nextAttemptAt: new Date(Date.now() + delay) };
}
