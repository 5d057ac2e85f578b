// RFC 5965 feedback reports (a mailbox provider's feedback loop: "this recipient marked it as
// spam"): the feedback-report part's Feedback-Type and Original-Rcpt-To. abuse, fraud, virus and
// other are complaints; not-spam and auth-failure are not. Without Original-Rcpt-To (providers
// often redact it), the included original's To, when it names exactly one address.
import { fieldGroups, first } from "@/lib/bounces/fields";
import { cleanReason, mailbox, MAX_REPORT_RECIPIENTS, type Finding } from "@/lib/bounces/report";
import { partsOf, reportType, textOf } from "@/lib/bounces/report-parts";
import type { InboundEmail } from "@/lib/inbound/inbound-email";

const COMPLAINTS = new Set(["abuse", "fraud", "virus", "other"]);

/** Whether the message is a feedback report (its content type, or a feedback-report part). */
export function isArf(email: InboundEmail): boolean {
  return reportType(email) === "feedback-report" || partsOf(email, ["message/feedback-report"]).length > 0;
}

/** `originalTo`: the included original's To addresses (original-message.ts). */
export function parseArf(email: InboundEmail, originalTo: string[]): Finding[] {
  const groups = [...partsOf(email, ["message/feedback-report"]), textOf(email)].flatMap(fieldGroups);
  const report = groups.find((g) => g.has("feedback-type"));
  if (!report) return [];
  const feedbackType = first(report, "feedback-type")!.toLowerCase();
  if (!COMPLAINTS.has(feedbackType)) return [];
  const named = (report.get("original-rcpt-to") ?? []).map(mailbox).filter((a): a is string => a !== null);
  const fromOriginal = originalTo.map(mailbox).filter((a): a is string => a !== null);
  const recipients = named.length ? [...new Set(named)] : fromOriginal.length === 1 ? fromOriginal : [];
  const agent = first(report, "user-agent");
  const reason = cleanReason(`Feedback-Type: ${feedbackType}${agent ? ` (${agent})` : ""}`);
  return recipients
    .slice(0, MAX_REPORT_RECIPIENTS)
    .map((recipient) => ({ recipients: [recipient], type: "email.complained" as const, reason }));
}
