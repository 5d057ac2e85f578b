// The one shape a provider has in responses: masked config, usage, capabilities.
import type { Provider } from "@/lib/generated/prisma/client";
import { adapterFor } from "@/lib/providers/registry";
import { maskedConfig } from "@/lib/providers/provider-config";
import { usageCounts } from "@/lib/providers/usage";

export async function providerViews(rows: Provider[]) {
  const usage = await usageCounts(rows.map((r) => r.id));
  return rows.map((row) => {
    const adapter = adapterFor(row.type);
    // Named field by field: the sealed secrets never reach a response, whatever the schema.
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      config: maskedConfig(adapter, row),
      isActive: row.isActive,
      priority: row.priority,
      rateLimitPerMinute: row.rateLimitPerMinute,
      rateLimitPerHour: row.rateLimitPerHour,
      rateLimitPerDay: row.rateLimitPerDay,
      isHealthy: row.isHealthy,
      lastHealthCheck: row.lastHealthCheck,
      lastError: row.lastError,
      accountSource: row.accountSource,
      status: row.status,
      createdAt: row.createdAt,
      ...usage.get(row.id)!,
      label: adapter?.label ?? row.type,
      capabilities: adapter?.capabilities,
    };
  });
}

export async function providerView(row: Provider) {
  return (await providerViews([row]))[0];
}
