// Create, read, update and delete an organization's campaigns. Another organization's campaign
// is "not found". Content can change while a campaign is a draft or scheduled; once it has
// started it is fixed (409). Only drafts can be deleted: a campaign that ran is cancelled, and
// keeps its recipients and their history. Every change is audited.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError, notFound, validationError } from "@/lib/errors/app-error";
import { actorOf, createdByOf, type Principal, type SendPrincipal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertValidTemplate } from "@/lib/templates/check-template";
import { assertMayStartCampaign } from "@/lib/campaigns/list-audience";
import { assertOwnReferences } from "@/lib/campaigns/check-references";
import { campaignStats, countsOf } from "@/lib/campaigns/campaign-stats";
import { viewOfCampaign, viewsOfCampaigns, zeroCounts } from "@/lib/campaigns/campaign-view";
import { checkContent, type CreateCampaignInput, type ListCampaignsQuery, type UpdateCampaignInput } from "@/lib/campaigns/schemas";
import type { Campaign, Prisma } from "@/lib/generated/prisma/client";

const EDITABLE = ["draft", "scheduled"];

export const campaignAudit = (
  principal: SendPrincipal,
  action: string,
  c: { id: string; name: string },
  client?: Prisma.TransactionClient,
  metadata: Prisma.InputJsonObject = {},
) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "campaign",
      targetId: c.id,
      metadata: { name: c.name, ...metadata },
    },
    client,
  );

export async function getCampaignRowOrThrow({ orgId, id }: { orgId: string; id: string }): Promise<Campaign> {
  const row = await db().campaign.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Campaign");
  return row;
}

export async function listCampaigns({ orgId, query }: { orgId: string; query: ListCampaignsQuery }) {
  const where: Prisma.CampaignWhereInput = { orgId, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    db().campaign.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
    }),
    db().campaign.count({ where }),
  ]);
  return { items: await viewsOfCampaigns(rows), total };
}

/** One campaign with its counts, engagement and rates. */
export async function getCampaignOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await getCampaignRowOrThrow({ orgId, id });
  const stats = await campaignStats(row.id);
  return { ...viewOfCampaign(row, countsOf(stats)), stats };
}

/** A campaign's own subject, html and text are Handlebars like a template's: checked when saved. */
function assertValidOwnContent(c: { subject?: string | null; html?: string | null; text?: string | null; templateId?: string | null }) {
  if (!c.templateId) assertValidTemplate({ subject: c.subject, html: c.html, text: c.text });
}

export async function createCampaign({ principal, input }: { principal: Principal; input: CreateCampaignInput }) {
  await assertOwnReferences(principal.orgId, input);
  assertValidOwnContent(input);
  const c = await db().$transaction(async (tx) => {
    const created = await tx.campaign.create({
      data: {
        orgId: principal.orgId,
        name: input.name,
        listId: input.listId,
        senderId: input.senderId,
        subject: input.subject ?? "",
        html: input.html ?? null,
        text: input.text ?? null,
        templateId: input.templateId ?? null,
        templateVersion: input.templateVersion ?? null,
        useCaseId: input.useCaseId ?? null,
        createdBy: createdByOf(principal),
      },
    });
    await campaignAudit(principal, "campaign.created", created, tx);
    return created;
  });
  return viewOfCampaign(c, zeroCounts());
}

const contentCheck = z.any().superRefine((v, ctx) => checkContent(v, ctx));

export async function updateCampaign({ principal, id, input }: { principal: Principal; id: string; input: UpdateCampaignInput }) {
  const existing = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  if (!EDITABLE.includes(existing.status)) {
    throw new AppError("CONFLICT", `This campaign is ${existing.status}: only drafts and scheduled campaigns can be changed`);
  }
  const merged = {
    subject: input.subject !== undefined ? input.subject : existing.subject || null,
    html: input.html !== undefined ? input.html : existing.html,
    text: input.text !== undefined ? input.text : existing.text,
    templateId: input.templateId !== undefined ? input.templateId : existing.templateId,
    // Another template starts from its current version unless one is given.
    templateVersion:
      input.templateVersion !== undefined
        ? input.templateVersion
        : input.templateId !== undefined && input.templateId !== existing.templateId
          ? null
          : existing.templateVersion,
  };
  const checked = contentCheck.safeParse(merged);
  if (!checked.success) throw validationError(checked.error.issues, "body");
  await assertOwnReferences(principal.orgId, {
    listId: input.listId,
    senderId: input.senderId,
    useCaseId: input.useCaseId,
    templateId: merged.templateId,
    templateVersion: merged.templateVersion,
  });
  assertValidOwnContent(merged);
  // A scheduled campaign starts as the product's, with what it holds then: changing it (its
  // list, its content) is sending, checked as scheduling was, and the approval it starts with
  // becomes the editor's. Otherwise a key that may only write campaigns could rewrite one someone
  // else scheduled, or swap a small list for a large one unseen.
  const bulkApproved =
    existing.status === "scheduled"
      ? await assertMayStartCampaign(
          principal,
          { id: existing.id, name: existing.name, listId: input.listId !== undefined ? input.listId : existing.listId },
          "campaign.updated",
        )
      : undefined;
  const data = {
    ...(bulkApproved !== undefined ? { bulkApproved } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.listId !== undefined ? { listId: input.listId } : {}),
    ...(input.senderId !== undefined ? { senderId: input.senderId } : {}),
    ...(input.useCaseId !== undefined ? { useCaseId: input.useCaseId } : {}),
    subject: merged.subject ?? "",
    html: merged.html ?? null,
    text: merged.text ?? null,
    templateId: merged.templateId ?? null,
    templateVersion: merged.templateVersion ?? null,
    // Edited since the product put it back to draft: the reason it gave is no longer the news.
    statusReason: null,
  };
  const updated = await db().$transaction(async (tx) => {
    // Only while its status is still the one checked above: a start, a schedule or a cancel
    // racing this change wins, and this one is refused.
    const { count } = await tx.campaign.updateMany({ where: { id: existing.id, orgId: principal.orgId, status: existing.status }, data });
    if (count === 0)
      throw new AppError(
        "CONFLICT",
        "This campaign changed status meanwhile (scheduled, started or cancelled); look at it again and retry",
      );
    const row = await tx.campaign.findUniqueOrThrow({ where: { id: existing.id } });
    await campaignAudit(principal, "campaign.updated", row, tx, { changes: Object.keys(input) });
    return row;
  });
  return viewOfCampaign(updated, zeroCounts());
}

export async function deleteCampaign({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getCampaignRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.campaign.deleteMany({ where: { id: existing.id, orgId: principal.orgId, status: "draft" } });
    if (count === 0) {
      throw new AppError(
        "CONFLICT",
        `This campaign is ${existing.status === "draft" ? "no longer a draft" : existing.status}: only drafts can be deleted; cancel it instead (POST /api/v1/campaigns/{id}/cancel)`,
      );
    }
    await campaignAudit(principal, "campaign.deleted", existing, tx);
  });
  return { id: existing.id, deleted: true as const };
}
