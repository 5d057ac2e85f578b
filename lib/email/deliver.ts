// Failover (DESIGN.md §4): providers in priority order (lower first, ties by age); inactive
// ones are never used, unhealthy ones only after every healthy one; a provider at its limit
// is skipped; a provider error fails over to the next and marks the provider unhealthy.
// No active real provider at all: the built-in demo provider (as for demo addresses, always).
//
// An ambiguous failure (the message was handed over but no answer came back) does not fail
// over: the provider may have accepted it, and the next one would deliver a second copy. A
// provider that de-duplicates sends (idempotent) is asked once more at once; otherwise, or if
// that is ambiguous too, the send is `unconfirmed` at that provider and reconcile-send.ts
// settles it later (docs/sending.md).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import { ProviderError, type OutgoingMessage, type RefusedRecipient, type SendResult } from "@/lib/providers/adapter";
import { adapterFor } from "@/lib/providers/registry";
import { demoAdapter } from "@/lib/providers/demo/adapter";
import { fullConfig } from "@/lib/providers/provider-config";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { reserveCapacity } from "@/lib/providers/usage";
import { log } from "@/lib/log";
import type { Provider } from "@/lib/generated/prisma/client";

export interface Delivery {
  providerId: string | null;
  providerName: string;
  providerType: string;
  providerMessageId: string;
  /** Recipients the provider refused while it took the message for the others (SendResult.refused). */
  refused?: RefusedRecipient[];
}

/** The provider took the message in full but never answered: it may have it, or not. */
export interface Unconfirmed {
  providerId: string;
  providerName: string;
  providerType: string;
  reason: string;
  /** Recipients the provider refused for certain meanwhile (ProviderError.refused). */
  refused?: RefusedRecipient[];
}

export type DeliveryResult = ({ status: "sent" } & Delivery) | ({ status: "unconfirmed" } & Unconfirmed);

/** A repeat of an ambiguous send to an idempotent provider waits this long first. */
const IDEMPOTENT_RETRY_MS = 500;

function order(rows: Provider[], preferred?: string): Provider[] {
  const rank = (p: Provider) => (preferred && (p.id === preferred || p.name === preferred) ? 0 : 1);
  return [...rows].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(b.isHealthy) - Number(a.isHealthy) ||
      a.priority - b.priority ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/** Health bookkeeping must never turn a send's outcome into an error: it is logged and left. */
function setHealth(provider: Provider, isHealthy: boolean, lastError: string | null) {
  return db()
    .provider.update({ where: { id: provider.id }, data: { isHealthy, lastError: lastError?.slice(0, 1000) ?? null } })
    .catch((err) => log.error("recording a provider's health failed", { providerId: provider.id, err }));
}

/** One provider: an idempotent one is asked a second time, with the same message, after an ambiguous failure. */
async function sendOnce(provider: Provider, message: OutgoingMessage) {
  const adapter = adapterFor(provider.type)!;
  try {
    return await adapter.send(fullConfig(provider) as never, message, providerPolicy(provider));
  } catch (err) {
    if (!(err instanceof ProviderError && err.ambiguous && adapter.idempotent)) throw err;
    log.warn("ambiguous send to an idempotent provider; asking again", { providerId: provider.id, reason: err.message });
    await new Promise((r) => setTimeout(r, IDEMPOTENT_RETRY_MS));
    return adapter.send(fullConfig(provider) as never, message, providerPolicy(provider));
  }
}

/**
 * `active`: the organization's active providers (see loadSendContext). Answers sent, or
 * unconfirmed at one provider. Throws (AppError, or a database error) only when no provider
 * has the message, so a caller may try the whole send again. `messageId`: the message's row,
 * which records each provider it is handed to while queued (reserveCapacity), and which the
 * adapters are told (OutgoingMessage.recordId).
 */
export async function deliver(
  active: Provider[],
  message: OutgoingMessage,
  preferred?: string,
  messageId: string | null = null,
): Promise<DeliveryResult> {
  if (active.length === 0) return deliverToDemo(message);
  let retryAfter = Infinity;
  const failures: string[] = [];
  for (const provider of order(active, preferred)) {
    if (!adapterFor(provider.type)) continue;
    const reservation = await reserveCapacity(provider, messageId);
    if (!reservation.ok) {
      retryAfter = Math.min(retryAfter, reservation.retryAfter);
      continue;
    }
    const who = { providerId: provider.id, providerName: provider.name, providerType: provider.type };
    let result: SendResult;
    try {
      result = await sendOnce(provider, messageId ? { ...message, recordId: messageId } : message);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (err instanceof ProviderError && err.ambiguous) {
        log.warn("provider took the message but gave no answer; not failing over", { providerId: provider.id, reason });
        await setHealth(provider, false, reason);
        return { status: "unconfirmed", ...who, reason, ...(err.refused ? { refused: err.refused } : {}) };
      }
      if (err instanceof ProviderError && !err.retryable) {
        // The message itself was refused: another provider would refuse it too.
        throw new AppError("PROVIDER_REJECTED", `${provider.name} refused the message: ${reason}`);
      }
      log.warn("provider failed; failing over", { providerId: provider.id, reason });
      failures.push(`${provider.name}: ${reason}`);
      await setHealth(provider, false, reason);
      continue;
    }
    // Accepted: from here on nothing may throw, or a caller could send the message again.
    if (!provider.isHealthy) await setHealth(provider, true, null);
    return { status: "sent", ...who, providerMessageId: result.providerMessageId, ...(result.refused ? { refused: result.refused } : {}) };
  }
  if (failures.length === 0 && retryAfter !== Infinity) {
    throw tooManyRequests("NO_PROVIDER_CAPACITY", "Every provider is at its rate limit", retryAfter);
  }
  throw new AppError(
    "SEND_FAILED",
    failures.length ? `Every provider failed: ${failures.join("; ")}` : "No provider can send this message",
  );
}

/** The built-in demo provider: nothing leaves the machine. For an organization with no active
 * provider, and for every message to demo addresses (demo-addresses.ts), before any provider is chosen. */
export async function deliverToDemo(message: OutgoingMessage): Promise<DeliveryResult> {
  const { providerMessageId } = await demoAdapter.send({}, message);
  return { status: "sent", providerId: null, providerName: "demo", providerType: "demo", providerMessageId };
}
