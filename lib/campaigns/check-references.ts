// The list, sender, template (and version) and use case a campaign names must be the
// organization's own: anything else is a 400 naming the field, as a send naming another
// organization's use case is (the ids come in a body, so they are bad input, not a missing
// resource). One query checks them all.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, type FieldIssue } from "@/lib/errors/app-error";

export interface References {
  listId?: string | null;
  senderId?: string | null;
  templateId?: string | null;
  templateVersion?: number | null;
  useCaseId?: string | null;
}

export async function assertOwnReferences(orgId: string, refs: References): Promise<void> {
  const [listId, senderId, templateId, version, useCaseId] = [
    refs.listId ?? null,
    refs.senderId ?? null,
    refs.templateId ?? null,
    refs.templateVersion ?? null,
    refs.useCaseId ?? null,
  ];
  const [found] = await rawQuery<{ list: boolean; sender: boolean; template: boolean; version: boolean; use_case: boolean }>(
    Prisma.sql`SELECT
       (${listId}::uuid IS NULL OR EXISTS (SELECT 1 FROM contact_lists WHERE id = ${listId}::uuid AND org_id = ${orgId}::uuid)) AS list,
       (${senderId}::uuid IS NULL OR EXISTS (SELECT 1 FROM senders WHERE id = ${senderId}::uuid AND org_id = ${orgId}::uuid)) AS sender,
       (${templateId}::uuid IS NULL OR EXISTS (SELECT 1 FROM templates WHERE id = ${templateId}::uuid AND org_id = ${orgId}::uuid)) AS template,
       (${templateId}::uuid IS NULL OR ${version}::int IS NULL OR EXISTS (
         SELECT 1 FROM template_versions v JOIN templates t ON t.id = v.template_id
         WHERE t.id = ${templateId}::uuid AND t.org_id = ${orgId}::uuid AND v.version = ${version}::int)) AS version,
       (${useCaseId}::uuid IS NULL OR EXISTS (SELECT 1 FROM use_cases WHERE id = ${useCaseId}::uuid AND org_id = ${orgId}::uuid)) AS use_case`,
  );
  const details: FieldIssue[] = [];
  if (!found.list) details.push({ path: "body.listId", message: "not a list of this organization" });
  if (!found.sender) details.push({ path: "body.senderId", message: "not a sender of this organization" });
  if (!found.template) details.push({ path: "body.templateId", message: "not a template of this organization" });
  else if (!found.version) details.push({ path: "body.templateVersion", message: `the template has no version ${refs.templateVersion}` });
  if (!found.use_case) details.push({ path: "body.useCaseId", message: "not a use case of this organization" });
  if (details.length) {
    throw new AppError("VALIDATION_ERROR", `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join("; ")}`, details);
  }
}
