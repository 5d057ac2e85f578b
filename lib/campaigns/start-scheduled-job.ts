// Starts a scheduled campaign at its time. The job carries the time it was scheduled for: a
// campaign rescheduled since (or cancelled, or sent now by hand) makes it do nothing. A start
// the campaign is not ready for (its list or sender deleted, its sender no longer verified in
// production, its template deleted) puts it back to draft with the reason, shown on the
// campaign (statusReason) and in the audit log.
import { z } from "zod";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { defineJob } from "@/lib/jobs/define-job";
import { recordAudit } from "@/lib/audit/record-audit";
import { CHANGED_MEANWHILE, startCampaign } from "@/lib/campaigns/start-campaign";

const SCHEDULER = "campaign-scheduler";

export const campaignStartScheduledJob = defineJob({
  name: "campaign.start-scheduled",
  payload: z.object({ campaignId: z.uuid(), scheduledAt: z.iso.datetime({ offset: true }) }),
  maxAttempts: 5,
  async run({ campaignId, scheduledAt }) {
    const [c] = await rawQuery<{ org_id: string; name: string }>(
      Prisma.sql`SELECT org_id::text, name FROM campaigns WHERE id = ${campaignId}::uuid`,
    );
    if (!c) return; // deleted since
    const scheduledFor = new Date(scheduledAt);
    const principal = { kind: "system" as const, orgId: c.org_id, actor: SCHEDULER };
    try {
      await startCampaign({ principal, id: campaignId, scheduledFor });
    } catch (err) {
      // Not a refusal (an edit raced the start, or the database failed): the job tries again.
      if (!(err instanceof AppError) || err.status >= 500 || err.message === CHANGED_MEANWHILE) throw err;
      const reason = `Not started at its scheduled time: ${err.message}`;
      const [back] = await rawQuery<{ id: string }>(
        Prisma.sql`UPDATE campaigns SET status = 'draft', status_reason = ${reason}::text, updated_at = now()
         WHERE id = ${campaignId}::uuid AND status = 'scheduled' AND scheduled_at = ${scheduledFor.toISOString()}::timestamptz RETURNING id::text`,
      );
      if (!back) return;
      await recordAudit({
        orgId: c.org_id,
        actorType: "system",
        actorId: SCHEDULER,
        action: "campaign.start_failed",
        targetType: "campaign",
        targetId: campaignId,
        metadata: { name: c.name, scheduledAt, reason },
      });
    }
  },
});
