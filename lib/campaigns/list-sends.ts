// A campaign's recipients, one row each with what became of it, by address (they are all taken
// from the list at once); filter by status. Another organization's campaign is "not found".
import { db } from "@/lib/db/client";
import { getCampaignRowOrThrow } from "@/lib/campaigns/manage-campaigns";
import type { ListSendsQuery } from "@/lib/campaigns/schemas";
import type { CampaignSend, Prisma } from "@/lib/generated/prisma/client";

const view = (s: CampaignSend) => ({
  id: s.id,
  contactId: s.contactId,
  email: s.email,
  status: s.status,
  reason: s.error,
  attempts: s.attempts,
  messageId: s.messageId,
  sentAt: s.sentAt,
  createdAt: s.createdAt,
});

export async function listCampaignSends({ orgId, id, query }: { orgId: string; id: string; query: ListSendsQuery }) {
  const campaign = await getCampaignRowOrThrow({ orgId, id });
  const where: Prisma.CampaignSendWhereInput = { campaignId: campaign.id, orgId, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    db().campaignSend.findMany({ where, orderBy: [{ email: "asc" }], skip: (query.page - 1) * query.perPage, take: query.perPage }),
    db().campaignSend.count({ where }),
  ]);
  return { items: rows.map(view), total };
}
