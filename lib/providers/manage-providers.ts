// Create, read, update and delete an organization's providers. Every change is audited;
// another organization's provider is "not found".
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { PLANS, type Plan } from "@/lib/orgs/plans";
import { adapterFor } from "@/lib/providers/registry";
import { fullConfig, prepareConfig } from "@/lib/providers/provider-config";
import { assertCredentialsReentered, checkDestination } from "@/lib/providers/provider-destination";
import { providerPolicy } from "@/lib/providers/provider-policy";
import type { CreateProviderInput, UpdateProviderInput } from "@/lib/providers/schemas";
import type { ActorType } from "@/lib/auth/principal";
import { assertCustomerMayDelete, assertManagedConfigUnchanged } from "@/lib/staff/managed-provider-guard";

type Actor = { actorType: ActorType; actorId: string };

export async function listProviderRows({ orgId }: { orgId: string }) {
  return db().provider.findMany({ where: { orgId }, orderBy: [{ priority: "asc" }, { createdAt: "asc" }, { id: "asc" }] });
}

export async function getProviderOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().provider.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Provider");
  return row;
}

export function adapterOrThrow(type: string) {
  const adapter = adapterFor(type);
  if (!adapter) throw new AppError("VALIDATION_ERROR", `Unknown provider type "${type}"`);
  return adapter;
}

/** The row of a new provider: its type checked, config validated and secrets sealed (provider-config.ts). */
export function newProviderRow(orgId: string, input: CreateProviderInput) {
  const { config, secretsSealed } = prepareConfig(adapterOrThrow(input.type), input.config);
  return {
    orgId,
    name: input.name,
    type: input.type,
    config: config as object,
    secretsSealed,
    isActive: input.isActive,
    priority: input.priority,
    rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    rateLimitPerHour: input.rateLimitPerHour ?? null,
    rateLimitPerDay: input.rateLimitPerDay ?? null,
  };
}

export async function createProvider({ orgId, actor, input }: { orgId: string; actor: Actor; input: CreateProviderInput }) {
  const data = newProviderRow(orgId, input);
  await checkDestination(adapterOrThrow(input.type), data.config as Record<string, unknown>, providerPolicy());
  return db().$transaction(async (tx) => {
    // The organization row lock makes the quota check and the insert one step.
    const [org] = await tx.$queryRaw<{ plan: string }[]>`SELECT plan FROM organizations WHERE id = ${orgId}::uuid FOR UPDATE`;
    const quota = PLANS[org.plan as Plan]?.providers ?? null;
    if (quota !== null && (await tx.provider.count({ where: { orgId } })) >= quota) {
      throw new AppError("PLAN_LIMIT_REACHED", `Your plan allows ${quota} providers; remove one or upgrade to add more`);
    }
    const row = await tx.provider.create({ data });
    await recordAudit(
      {
        orgId,
        ...actor,
        action: "provider.created",
        targetType: "provider",
        targetId: row.id,
        metadata: { name: row.name, type: row.type },
      },
      tx,
    );
    return row;
  });
}

export async function updateProvider({ orgId, id, actor, input }: { orgId: string; id: string; actor: Actor; input: UpdateProviderInput }) {
  const existing = await getProviderOrThrow({ orgId, id });
  const { config: newConfig, ...fields } = input;
  const adapter = adapterOrThrow(existing.type);
  const prepared = newConfig ? prepareConfig(adapter, newConfig, fullConfig(existing)) : undefined;
  assertManagedConfigUnchanged(existing, prepared);
  if (newConfig && prepared) {
    assertCredentialsReentered(adapter, newConfig, existing, prepared.config);
    await checkDestination(adapter, prepared.config, providerPolicy(existing));
  }
  return db().$transaction(async (tx) => {
    const row = await tx.provider.update({
      where: { id: existing.id },
      data: { ...fields, ...(prepared ? { config: prepared.config as object, secretsSealed: prepared.secretsSealed } : {}) },
    });
    const changed = Object.keys(input);
    await recordAudit(
      { orgId, ...actor, action: "provider.updated", targetType: "provider", targetId: row.id, metadata: { name: row.name, changed } },
      tx,
    );
    return row;
  });
}

/** SPEC: 200 {removed: boolean}. A provider that is not there (removed already, never was, or
 * another organization's: existence is not told) answers {removed: false}, so a repeat is harmless. */
export async function deleteProvider({ orgId, id, actor }: { orgId: string; id: string; actor: Actor }): Promise<{ removed: boolean }> {
  const existing = await db().provider.findFirst({ where: { id, orgId } });
  if (!existing) return { removed: false };
  assertCustomerMayDelete(existing);
  return db().$transaction(async (tx) => {
    // A concurrent removal of the same provider: one of the two removes it, the other answers false.
    const { count } = await tx.provider.deleteMany({ where: { id: existing.id } });
    if (count === 0) return { removed: false };
    await recordAudit(
      {
        orgId,
        ...actor,
        action: "provider.deleted",
        targetType: "provider",
        targetId: existing.id,
        metadata: { name: existing.name, type: existing.type },
      },
      tx,
    );
    return { removed: true };
  });
}
