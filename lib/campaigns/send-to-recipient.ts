// One recipient of a campaign through the one send path (sendEmail: suppression list, test
// mode, the allowance, provider failover and limits, tracking, unsubscribe headers, the
// verified-sender check, DKIM), as the organization itself, the message carrying the recipient
// row (campaign_send_id: its events carry it, email_id null). What a refusal means for the
// campaign:
// - this recipient only, for good: suppressed or not on a test list (skipped), the provider
//   refusing the message or content that cannot be made for this contact (failed);
// - every recipient, for now: no provider capacity (back to pending, the batch waits for the
//   Retry-After), the month's allowance used up, the sender no longer verified, the template
//   deleted (back to pending, the campaign pauses itself with the reason);
// - anything else may pass: settled from the messages log and retried with backoff.
import { sendEmail } from "@/lib/email/send-email";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { giveBack, markFinal, markSent, type ClaimedRow } from "@/lib/campaigns/send-rows";
import { settleAfterFailure } from "@/lib/campaigns/settle-sends";
import { recipientInput, type CampaignPlan } from "@/lib/campaigns/recipient-content";
import type { SkipReason } from "@/lib/campaigns/schemas";

export type RecipientOutcome = { kind: "done" } | { kind: "capacity"; retryAfterSeconds: number } | { kind: "pause"; reason: string };

const SKIP: Partial<Record<ErrorCode, SkipReason>> = { RECIPIENT_SUPPRESSED: "suppressed", TEST_MODE_RECIPIENT: "test_mode" };
const FAIL = new Set<ErrorCode>(["PROVIDER_REJECTED", "VALIDATION_ERROR"]);
const PAUSE: Partial<Record<ErrorCode, string>> = {
  QUOTA_EXCEEDED: "This month's send allowance is used up. Resume the campaign when it renews (on the 1st) or after upgrading the plan.",
  SENDER_NOT_VERIFIED: "The sender is no longer verified. Verify it (Senders and Domains), then resume the campaign.",
  TEMPLATE_NOT_FOUND: "The campaign's template (or its pinned version) was deleted. Cancel the campaign and send a new one.",
  BULK_SEND_REQUIRES_2FA: "The organization's bulk threshold refuses automatic sends. Raise it (Safety), then resume the campaign.",
};

export async function sendToRecipient(plan: CampaignPlan, row: ClaimedRow): Promise<RecipientOutcome> {
  // Unsubscribed while the campaign ran (through the contacts API or another campaign's link).
  if (row.unsubscribed) {
    await markFinal(row.id, "skipped", "unsubscribed");
    return { kind: "done" };
  }
  let messageId: string;
  try {
    const input = recipientInput(plan, row);
    const sent = await sendEmail({
      principal: { kind: "system", orgId: plan.orgId, actor: `campaign:${plan.id}` },
      input,
      campaignSendId: row.id,
    });
    messageId = sent.id;
  } catch (err) {
    return failed(row, err);
  }
  // Sent. Recording it failing leaves the row 'sending': the messages log settles it as sent.
  await markSent(row.id, messageId).catch((err) =>
    log.error("a campaign message was sent but recording it failed", { err, campaignSendId: row.id }),
  );
  return { kind: "done" };
}

async function failed(row: ClaimedRow, err: unknown): Promise<RecipientOutcome> {
  const code = err instanceof AppError ? err.code : null;
  const message = err instanceof Error ? err.message : String(err);
  if (code && SKIP[code]) {
    await markFinal(row.id, "skipped", SKIP[code]);
    return { kind: "done" };
  }
  if (code && FAIL.has(code)) {
    await markFinal(row.id, "failed", message);
    return { kind: "done" };
  }
  if (code === "NO_PROVIDER_CAPACITY") {
    await giveBack(row.id);
    const retryAfter = Number((err as AppError).headers?.["Retry-After"]);
    return { kind: "capacity", retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60 };
  }
  if (code && PAUSE[code]) {
    await giveBack(row.id);
    return { kind: "pause", reason: PAUSE[code] };
  }
  log.warn("a campaign send failed; it will be retried", { campaignSendId: row.id, code, err: message });
  await settleAfterFailure(row.id, message);
  return { kind: "done" };
}
