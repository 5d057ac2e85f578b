// A sequence names its organization's own templates, trigger list, sender and use case: any
// other id (another organization's, or none at all) is a 400 naming the field, and nothing changes.
import { db } from "@/lib/db/client";
import { AppError, type FieldIssue } from "@/lib/errors/app-error";

export interface References {
  /** Template ids by step position. */
  templateIds?: string[];
  triggerListId?: string | null;
  senderId?: string | null;
  useCaseId?: string | null;
}

const present = async (n: Promise<number>) => (await n) > 0;

export async function checkReferences(orgId: string, refs: References): Promise<void> {
  const issues: FieldIssue[] = [];
  const templateIds = [...new Set(refs.templateIds ?? [])];
  const [templates, list, sender, useCase] = await Promise.all([
    templateIds.length ? db().template.findMany({ where: { orgId, id: { in: templateIds } }, select: { id: true } }) : [],
    refs.triggerListId ? present(db().contactList.count({ where: { orgId, id: refs.triggerListId } })) : true,
    refs.senderId ? present(db().sender.count({ where: { orgId, id: refs.senderId } })) : true,
    refs.useCaseId ? present(db().useCase.count({ where: { orgId, id: refs.useCaseId } })) : true,
  ]);
  const known = new Set(templates.map((t) => t.id));
  (refs.templateIds ?? []).forEach((id, i) => {
    if (!known.has(id)) issues.push({ path: `body.steps.${i}.templateId`, message: "not a template of this organization" });
  });
  if (!list) issues.push({ path: "body.triggerListId", message: "not a list of this organization" });
  if (!sender) issues.push({ path: "body.senderId", message: "not a sender of this organization" });
  if (!useCase) issues.push({ path: "body.useCaseId", message: "not a use case of this organization" });
  if (issues.length)
    throw new AppError("VALIDATION_ERROR", `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues);
}
