// A live connection test (SPEC: POST /api/providers/{id}/test): runs the adapter's read-only
// check, times it, and records the provider's health from the outcome.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { adapterFor } from "@/lib/providers/registry";
import { fullConfig } from "@/lib/providers/provider-config";
import { providerPolicy } from "@/lib/providers/provider-policy";
import type { Provider } from "@/lib/generated/prisma/client";
import { assertCustomerMayTest } from "@/lib/staff/managed-provider-guard";

export async function testProvider(row: Provider): Promise<{ success: boolean; latencyMs: number; message: string }> {
  const adapter = adapterFor(row.type);
  if (!adapter) throw new AppError("VALIDATION_ERROR", `Unknown provider type "${row.type}"`);
  assertCustomerMayTest(row);
  const started = performance.now();
  let success = true;
  let message: string;
  try {
    // Adapters word every outcome themselves, never repeating a custom host's reply (docs/security.md).
    message = (await adapter.test(fullConfig(row) as never, providerPolicy(row))).message;
  } catch (err) {
    success = false;
    message = err instanceof Error ? err.message : String(err);
  }
  const latencyMs = Math.round(performance.now() - started);
  await db().provider.update({
    where: { id: row.id },
    data: { isHealthy: success, lastHealthCheck: new Date(), lastError: success ? null : message },
  });
  return { success, latencyMs, message };
}
