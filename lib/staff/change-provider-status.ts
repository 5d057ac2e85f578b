// Moves a managed provider along its lifecycle (provider-transitions.ts). The row is locked
// while its status is read, so two calls cannot both move it from the same state; the move
// and its audit entry commit together. A customer's own (byo) provider has no lifecycle.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { canMove, TRANSITIONS, type ProviderStatus } from "@/lib/staff/provider-transitions";
import { recordStaffAudit } from "@/lib/staff/record-staff-audit";

interface Options {
  providerId: string;
  status: ProviderStatus;
  requestId: string;
}

function refusal(from: string, to: ProviderStatus): AppError {
  const next = TRANSITIONS[from as ProviderStatus] ?? [];
  const allowed = next.length ? `from ${from} it can move to ${next.join(" or ")}` : `${from} is final`;
  return new AppError("CONFLICT", `Cannot move a managed provider from ${from} to ${to}: ${allowed}`);
}

export async function changeProviderStatus({ providerId, status, requestId }: Options) {
  return db().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM providers WHERE id = ${providerId}::uuid FOR UPDATE`;
    if (!locked) throw notFound("Provider");
    const existing = await tx.provider.findUniqueOrThrow({ where: { id: providerId } });
    if (existing.accountSource !== "managed") {
      throw new AppError(
        "CONFLICT",
        `Provider "${existing.name}" is the organization's own (accountSource byo): only managed providers have a lifecycle to move`,
      );
    }
    if (!canMove(existing.status, status)) throw refusal(existing.status, status);
    const row = await tx.provider.update({ where: { id: providerId }, data: { status } });
    await recordStaffAudit(
      {
        orgId: row.orgId,
        action: "staff.provider_status_changed",
        requestId,
        targetType: "provider",
        targetId: row.id,
        metadata: { name: row.name, type: row.type, changes: { status: { from: existing.status, to: status } } },
      },
      tx,
    );
    return row;
  });
}
