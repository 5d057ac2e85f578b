// Failover (DESIGN.md §4): providers in priority order (lower first, ties by age); inactive
// ones are never used, unhealthy ones only after every healthy one; a provider at its limit
// is skipped; a provider error fails over to the next and marks the provider unhealthy.
// No active real provider at all: the built-in demo provider.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { ProviderError, type OutgoingMessage } from "@/lib/providers/adapter";
import { adapterFor } from "@/lib/providers/registry";
import { demoAdapter } from "@/lib/providers/adapters/demo";
import { fullConfig } from "@/lib/providers/provider-config";
import { reserveCapacity } from "@/lib/providers/usage";
import { log } from "@/lib/log";
import type { Provider } from "@/lib/generated/prisma/client";

export interface Delivery {
  providerId: string | null;
  providerName: string;
  providerType: string;
  providerMessageId: string;
}

function order(rows: Provider[], preferred?: string): Provider[] {
  const rank = (p: Provider) => (preferred && (p.id === preferred || p.name === preferred) ? 0 : 1);
  return [...rows].sort((a, b) => rank(a) - rank(b) || Number(b.isHealthy) - Number(a.isHealthy) || a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
}

/** `active`: the organization's active providers (see loadSendContext). */
export async function deliver(active: Provider[], message: OutgoingMessage, preferred?: string): Promise<Delivery> {
  if (!active.some((p) => p.type !== "demo")) {
    const demo = active.find((p) => p.type === "demo");
    if (!demo) {
      const { providerMessageId } = await demoAdapter.send({}, message);
      return { providerId: null, providerName: "demo", providerType: "demo", providerMessageId };
    }
  }
  let retryAfter = Infinity;
  const failures: string[] = [];
  for (const provider of order(active, preferred)) {
    const adapter = adapterFor(provider.type);
    if (!adapter) continue;
    const reservation = await reserveCapacity(provider);
    if (!reservation.ok) {
      retryAfter = Math.min(retryAfter, reservation.retryAfter);
      continue;
    }
    try {
      const { providerMessageId } = await adapter.send(fullConfig(provider) as never, message);
      if (!provider.isHealthy) await db().provider.update({ where: { id: provider.id }, data: { isHealthy: true, lastError: null } });
      return { providerId: provider.id, providerName: provider.name, providerType: provider.type, providerMessageId };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (err instanceof ProviderError && !err.retryable) {
        // The message itself was refused: another provider would refuse it too.
        throw new AppError("PROVIDER_REJECTED", `${provider.name} refused the message: ${reason}`);
      }
      log.warn("provider failed; failing over", { providerId: provider.id, reason });
      failures.push(`${provider.name}: ${reason}`);
      await db().provider.update({ where: { id: provider.id }, data: { isHealthy: false, lastError: reason.slice(0, 1000) } });
    }
  }
  if (failures.length === 0 && retryAfter !== Infinity) {
    throw new AppError("NO_PROVIDER_CAPACITY", "Every provider is at its rate limit", undefined, { "Retry-After": String(retryAfter) });
  }
  throw new AppError("SEND_FAILED", failures.length ? `Every provider failed: ${failures.join("; ")}` : "No provider can send this message");
}
