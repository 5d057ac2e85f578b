// What a campaign needs before it may start (or be scheduled, or resume): its list (to start:
// a paused campaign has its recipients already, so its list may be gone) and sender still
// there, its template (and pinned version) and use case still the organization's, and in
// production a verified sender (the senders' own rule, senderVerification). Refused with a
// clear 409 (or 403 for the sender) rather than once per recipient. Returns the template
// version to pin, so every recipient gets the same content even if the template is edited
// while the campaign runs.
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { AppError } from "@/lib/errors/app-error";
import { senderInclude, senderVerification } from "@/lib/senders/sender-view";
import { Prisma, type Campaign } from "@/lib/generated/prisma/client";

interface Checks {
  send_mode: string;
  current_version: number | null;
  version_ok: boolean;
  use_case_ok: boolean;
  has_members: boolean;
}

const notReady = (why: string) => new AppError("CONFLICT", `This campaign cannot start: ${why}`);

/** Whether the campaign's sender may send in production. */
async function senderVerified(orgId: string, senderId: string): Promise<boolean> {
  const sender = await db().sender.findFirst({ where: { id: senderId, orgId }, include: senderInclude });
  if (!sender) return false;
  const atAddress = sender.domain
    ? null
    : await db().domain.findFirst({
        where: { orgId, name: sender.email.slice(sender.email.lastIndexOf("@") + 1) },
        select: { status: true },
      });
  return senderVerification(sender, atAddress) !== null;
}

interface PreflightOptions {
  /** Starting now: an empty list is refused. */
  needMembers: boolean;
  /** A paused campaign: its recipients were taken when it started (the list may be gone since), and it can no longer be changed. */
  resuming?: boolean;
}

export async function preflight(
  c: Campaign,
  { needMembers, resuming = false }: PreflightOptions,
): Promise<{ templateVersion: number | null }> {
  const fix = (patch: string) => (resuming ? "cancel it and send a new campaign" : patch);
  if (!resuming && !c.listId) throw notReady("its list was deleted; choose another list (PATCH listId)");
  if (!c.senderId) throw notReady(`its sender was deleted; ${fix("choose another sender (PATCH senderId)")}`);
  const [row] = await rawQuery<Checks>(
    Prisma.sql`SELECT o.send_mode,
       (SELECT current_version FROM templates WHERE id = ${c.templateId}::uuid AND org_id = o.id) AS current_version,
       (${c.templateId}::uuid IS NULL OR ${c.templateVersion}::int IS NULL
         OR EXISTS (SELECT 1 FROM template_versions WHERE template_id = ${c.templateId}::uuid AND version = ${c.templateVersion}::int)) AS version_ok,
       (${c.useCaseId}::uuid IS NULL OR EXISTS (SELECT 1 FROM use_cases WHERE id = ${c.useCaseId}::uuid AND org_id = o.id)) AS use_case_ok,
       EXISTS (SELECT 1 FROM contact_list_members WHERE list_id = ${c.listId}::uuid) AS has_members
     FROM organizations o WHERE o.id = ${c.orgId}::uuid`,
  );
  if (c.templateId && row.current_version === null)
    throw notReady(`its template was deleted; ${fix("choose another (PATCH templateId) or give content of its own")}`);
  if (!row.version_ok) throw notReady(`its template has no version ${c.templateVersion}`);
  if (!row.use_case_ok) throw notReady(`its use case was deleted; ${fix("choose another (PATCH useCaseId) or none")}`);
  if (needMembers && !row.has_members) throw notReady("its list has no contacts");
  if (row.send_mode === "production" && !(await senderVerified(c.orgId, c.senderId))) {
    throw new AppError(
      "SENDER_NOT_VERIFIED",
      "This campaign's sender is not verified: in production a campaign must come from a sender confirmed by its owner or at a verified domain (Senders and Domains)",
    );
  }
  return { templateVersion: c.templateId ? (c.templateVersion ?? Number(row.current_version)) : null };
}
