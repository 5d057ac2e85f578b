// A campaign as the API shows it: its row, where its recipients are (counts from
// campaign_sends), and why it was paused or sent back to draft when the product did it itself.
import { rawQuery } from "@/lib/db/raw-query";
import type { Campaign as CampaignRow } from "@/lib/generated/prisma/client";
import type { Campaign } from "@/lib/campaigns/schemas";

export type CampaignCounts = Campaign["counts"];

export const zeroCounts = (): CampaignCounts => ({ recipients: 0, pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 });

/** Counts per campaign, in one query over the (campaign_id, status) index. */
export async function countsFor(campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
  const out = new Map(campaignIds.map((id) => [id, zeroCounts()]));
  if (campaignIds.length === 0) return out;
  const rows = await rawQuery<{ campaign_id: string; status: keyof CampaignCounts; n: number }>(
    `SELECT campaign_id::text, status, count(*)::int AS n FROM campaign_sends WHERE campaign_id = ANY($1::uuid[]) GROUP BY 1, 2`,
    [campaignIds],
  );
  for (const r of rows) {
    const c = out.get(r.campaign_id)!;
    c[r.status] = Number(r.n);
    c.recipients += Number(r.n);
  }
  return out;
}

/**
 * The reason the product gave when it paused a campaign (or put a scheduled one back to draft),
 * from that change's audit entry. The entry was written with the change, so it is looked for
 * only around the campaign's updatedAt: a short index range, however busy the audit log.
 */
export async function statusReasonsFor(orgId: string, campaigns: CampaignRow[]): Promise<Map<string, string>> {
  const wanted = campaigns.filter((c) => c.status === "paused" || c.status === "draft");
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const rows = await rawQuery<{ id: string; action: string | null; reason: string | null }>(
    `SELECT w.id, a.action, a.metadata ->> 'reason' AS reason
     FROM unnest($2::text[], $3::timestamptz[]) AS w(id, updated_at)
     CROSS JOIN LATERAL (
       SELECT action, metadata FROM audit_logs
       WHERE org_id = $1::uuid AND created_at BETWEEN w.updated_at - interval '30 seconds' AND w.updated_at + interval '30 seconds'
         AND target_type = 'campaign' AND target_id = w.id
       ORDER BY created_at DESC LIMIT 1) AS a`,
    [orgId, wanted.map((c) => c.id), wanted.map((c) => c.updatedAt.toISOString())],
  );
  const statusOf = new Map(wanted.map((c) => [c.id, c.status]));
  for (const r of rows) {
    const status = statusOf.get(r.id);
    const fits = (status === "paused" && r.action === "campaign.paused") || (status === "draft" && r.action === "campaign.start_failed");
    if (fits && r.reason) out.set(r.id, r.reason);
  }
  return out;
}

export function viewOfCampaign(c: CampaignRow, counts: CampaignCounts, statusReason: string | null) {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    statusReason,
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

/** Several campaigns of one organization, each with its counts and status reason. */
export async function viewsOfCampaigns(orgId: string, rows: CampaignRow[]) {
  const [counts, reasons] = await Promise.all([countsFor(rows.map((r) => r.id)), statusReasonsFor(orgId, rows)]);
  return rows.map((r) => viewOfCampaign(r, counts.get(r.id) ?? zeroCounts(), reasons.get(r.id) ?? null));
}
