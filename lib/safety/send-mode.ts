// The test/production switch (SPEC Send mode). Moving to production needs the admin role;
// every switch is audited.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { getOrganizationOrThrow } from "@/lib/orgs/get-organization";
import type { SendMode } from "@/lib/safety/schemas";

export async function getModeSettings({ orgId }: { orgId: string }) {
  const org = await getOrganizationOrThrow({ orgId });
  return { mode: org.sendMode as SendMode, require2faThreshold: org.require2faThreshold, testListMaxSize: org.testListMaxSize };
}

export async function setSendMode({ orgId, actor, mode }: { orgId: string; actor: { userId: string; role: Role }; mode: SendMode }) {
  if (!roleHas(actor.role, "safety.configure")) {
    throw new AppError(
      "PERMISSION_DENIED",
      mode === "production" ? "Only admins can enable production" : "Only admins can change the send mode",
    );
  }
  await db().$transaction(async (tx) => {
    const [org] = await tx.$queryRaw<{ send_mode: string }[]>`SELECT send_mode FROM organizations WHERE id = ${orgId}::uuid FOR UPDATE`;
    if (org.send_mode === mode) return;
    await tx.organization.update({ where: { id: orgId }, data: { sendMode: mode } });
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: actor.userId,
        action: "safety.mode_changed",
        sendMode: mode,
        metadata: { from: org.send_mode, to: mode },
      },
      tx,
    );
  });
  return getModeSettings({ orgId });
}
