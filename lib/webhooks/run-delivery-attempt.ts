// One attempt of one delivery, by id (the delivery lane on Inngest, and a test event sent at once): claim it,
// attempt it, record the outcome. Safe to repeat: a delivery that is not due, taken or finished
// is left alone and its current state returned, so the caller knows whether to sleep and try again.
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { claimDelivery, recordOutcomes, type ClaimedDelivery } from "@/lib/webhooks/delivery-store";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";

export interface DeliveryStep {
  next: "succeeded" | "pending" | "failed" | "cancelled" | "delivering" | "missing";
  /** ISO time of the next attempt when next is "pending". */
  nextAttemptAt: string | null;
}

/** `claim`: how to take the row (by default only when due; a new test event at once). */
export async function runDeliveryAttempt(
  deliveryId: string,
  claim: (id: string) => Promise<ClaimedDelivery | null> = claimDelivery,
): Promise<DeliveryStep> {
  const claimed = await claim(deliveryId);
  if (claimed) {
    const outcome = await attemptDelivery(claimed);
    await recordOutcomes([outcome]);
    return { next: outcome.next, nextAttemptAt: outcome.nextAttemptAt?.toISOString() ?? null };
  }
  const [row] = await rawQuery<{ status: DeliveryStep["next"]; next_attempt_at: Date | string; lease_until: Date | string | null }>(
    Prisma.sql`SELECT status, next_attempt_at, lease_until FROM webhook_deliveries WHERE id = ${deliveryId}::uuid`,
  );
  if (!row) return { next: "missing", nextAttemptAt: null };
  // Another worker holds it (or held it and died): come back when its lease ends.
  if (row.status === "delivering" && row.lease_until) return { next: "pending", nextAttemptAt: new Date(row.lease_until).toISOString() };
  return { next: row.status, nextAttemptAt: row.status === "pending" ? new Date(row.next_attempt_at).toISOString() : null };
}
