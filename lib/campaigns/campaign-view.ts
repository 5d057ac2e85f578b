// A campaign as the API shows it: its row, with why the product itself paused it or sent it
// back to draft (status_reason, set with that change and cleared by any other), and where its
// recipients are (counts from campaign_sends).
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma, type Campaign as CampaignRow } from "@/lib/generated/prisma/client";
import type { Campaign } from "@/lib/campaigns/schemas";

export type CampaignCounts = Campaign["counts"];

export const zeroCounts = (): CampaignCounts => ({ recipients: 0, pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 });

/** Counts per campaign, in one query over the (campaign_id, status) index. */
export async function countsFor(campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
  const out = new Map(campaignIds.map((id) => [id, zeroCounts()]));
  if (campaignIds.length === 0) return out;
  const rows = await rawQuery<{ campaign_id: string; status: keyof CampaignCounts; n: number }>(
    Prisma.sql`SELECT campaign_id::text, status, count(*)::int AS n FROM campaign_sends WHERE campaign_id = ANY(${campaignIds}::uuid[]) GROUP BY 1, 2`,
  );
  for (const r of rows) {
    const c = out.get(r.campaign_id)!;
    c[r.status] = Number(r.n);
    c.recipients += Number(r.n);
  }
  return out;
}

export function viewOfCampaign(c: CampaignRow, counts: CampaignCounts) {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    statusReason: c.statusReason,
    listId: c.listId,
    senderId: c.senderId,
    // A template campaign keeps no subject of its own (stored as "").
    subject: c.subject || null,
    html: c.html,
    text: c.text,
    templateId: c.templateId,
    templateVersion: c.templateVersion,
    useCaseId: c.useCaseId,
    scheduledAt: c.scheduledAt,
    startedAt: c.startedAt,
    finishedAt: c.finishedAt,
    createdBy: c.createdBy,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    counts,
  };
}

/** Several campaigns, each with its counts. */
export async function viewsOfCampaigns(rows: CampaignRow[]) {
  const counts = await countsFor(rows.map((r) => r.id));
  return rows.map((r) => viewOfCampaign(r, counts.get(r.id) ?? zeroCounts()));
}
