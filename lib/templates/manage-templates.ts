// Create, read, update and delete an organization's templates. Content lives in versions:
// every content change adds one and keeps the previous ones, so a send can pin a version and
// GET ?version= can read an old one. Another organization's template is "not found". Every
// change is audited.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, createdByOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertValidTemplate } from "@/lib/templates/check-template";
import { storedVariablesSchema, type CreateTemplateInput, type UpdateTemplateInput } from "@/lib/templates/schemas";
import type { Prisma, Template, TemplateVersion } from "@/lib/generated/prisma/client";
import { assertMayChangeWaitingMail, waitingOnTemplate } from "@/lib/safety/queued-mail";

/** A template as the API shows it: the named (or current) version's content on the template. */
export function templateView(t: Template, v: TemplateVersion) {
  return {
    id: t.id,
    name: t.name,
    version: v.version,
    subject: v.subject,
    html: v.html,
    text: v.text,
    variables: storedVariablesSchema.parse(v.variables),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export const versionView = (v: TemplateVersion) => ({ ...v, variables: storedVariablesSchema.parse(v.variables) });

const orNull = (s: string | null | undefined) => (s ? s : null); // "" means no such part

const nameTaken = (name: string) => new AppError("CONFLICT", `A template named "${name}" already exists`);

const audit = (principal: Principal, action: string, t: { id: string; name: string }, version: number, tx: Prisma.TransactionClient) =>
  recordAudit(
    { orgId: principal.orgId, ...actorOf(principal), action, targetType: "template", targetId: t.id, metadata: { name: t.name, version } },
    tx,
  );

export async function listTemplates({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const where = { orgId };
  const [rows, total] = await Promise.all([
    db().template.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().template.count({ where }),
  ]);
  const versions = rows.length
    ? await db().templateVersion.findMany({ where: { OR: rows.map((t) => ({ templateId: t.id, version: t.currentVersion })) } })
    : [];
  const byTemplate = new Map(versions.map((v) => [v.templateId, v]));
  return { items: rows.flatMap((t) => (byTemplate.has(t.id) ? [templateView(t, byTemplate.get(t.id)!)] : [])), total };
}

export async function getTemplateRowOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().template.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Template");
  return row;
}

/** The template with its current version, or the one `version` names (404 if it has none such). */
export async function getTemplateOrThrow({ orgId, id, version }: { orgId: string; id: string; version?: number }) {
  const row = await getTemplateRowOrThrow({ orgId, id });
  const v = await db().templateVersion.findUnique({
    where: { templateId_version: { templateId: row.id, version: version ?? row.currentVersion } },
  });
  if (!v) throw notFound(`Version ${version} of this template`);
  return templateView(row, v);
}

export async function listTemplateVersions({ orgId, id, skip, take }: { orgId: string; id: string; skip: number; take: number }) {
  const row = await getTemplateRowOrThrow({ orgId, id });
  const where = { templateId: row.id };
  const [items, total] = await Promise.all([
    db().templateVersion.findMany({ where, orderBy: { version: "desc" }, skip, take }),
    db().templateVersion.count({ where }),
  ]);
  return { items: items.map(versionView), total };
}

export async function createTemplate({ principal, input }: { principal: Principal; input: CreateTemplateInput }) {
  assertValidTemplate(input);
  try {
    return await db().$transaction(async (tx) => {
      const t = await tx.template.create({ data: { orgId: principal.orgId, name: input.name, currentVersion: 1 } });
      const v = await tx.templateVersion.create({
        data: {
          templateId: t.id,
          version: 1,
          subject: input.subject,
          html: orNull(input.html),
          text: orNull(input.text),
          variables: input.variables,
          createdBy: createdByOf(principal),
        },
      });
      await audit(principal, "template.created", t, 1, tx);
      return templateView(t, v);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

const CONTENT = ["subject", "html", "text", "variables"] as const;

/** A rename alone keeps the version; any content field adds a version built on the latest one. */
export async function updateTemplate({ principal, id, input }: { principal: Principal; id: string; input: UpdateTemplateInput }) {
  const existing = await getTemplateRowOrThrow({ orgId: principal.orgId, id });
  assertValidTemplate(input);
  const changesContent = CONTENT.some((f) => input[f] !== undefined);
  if (!changesContent && input.name === undefined) return getTemplateOrThrow({ orgId: principal.orgId, id: existing.id });
  // Sequences and scheduled campaigns send its current version when they send: new content is
  // sending to whoever they are waiting to mail (lib/safety/queued-mail.ts).
  if (changesContent) {
    await assertMayChangeWaitingMail(principal, await waitingOnTemplate(principal.orgId, existing.id), "template.updated", {
      targetType: "template",
      targetId: existing.id,
      metadata: { name: existing.name },
    });
  }
  try {
    return await db().$transaction(async (tx) => {
      // The increment locks the row: concurrent updates queue here, and each builds on the
      // version committed before it.
      const t = await tx.template.update({
        where: { id: existing.id },
        data: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(changesContent ? { currentVersion: { increment: 1 } } : {}),
        },
      });
      if (!changesContent) {
        const current = await tx.templateVersion.findUniqueOrThrow({
          where: { templateId_version: { templateId: t.id, version: t.currentVersion } },
        });
        await audit(principal, "template.updated", t, t.currentVersion, tx);
        return templateView(t, current);
      }
      const previous = await tx.templateVersion.findUniqueOrThrow({
        where: { templateId_version: { templateId: t.id, version: t.currentVersion - 1 } },
      });
      const html = input.html !== undefined ? orNull(input.html) : previous.html;
      const text = input.text !== undefined ? orNull(input.text) : previous.text;
      if (!html && !text)
        throw new AppError("VALIDATION_ERROR", "Invalid request: body.html: a template needs html, text or both", [
          { path: "body.html", message: "a template needs html, text or both" },
        ]);
      const v = await tx.templateVersion.create({
        data: {
          templateId: t.id,
          version: t.currentVersion,
          subject: input.subject ?? previous.subject,
          html,
          text,
          variables: input.variables ?? (previous.variables as Prisma.InputJsonValue),
          createdBy: createdByOf(principal),
        },
      });
      await audit(principal, "template.updated", t, v.version, tx);
      return templateView(t, v);
    });
  } catch (err) {
    if (isUniqueViolation(err) && input.name !== undefined) throw nameTaken(input.name);
    throw err;
  }
}

/** Deletes the template and all its versions; a scheduled send that names it fails with TEMPLATE_NOT_FOUND. */
export async function deleteTemplate({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getTemplateRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.template.deleteMany({ where: { id: existing.id, orgId: principal.orgId } }); // its versions go with it
    if (count === 0) throw notFound("Template"); // deleted meanwhile
    await audit(principal, "template.deleted", existing, existing.currentVersion, tx);
  });
  return { id: existing.id, deleted: true as const };
}
