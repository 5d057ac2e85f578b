// RFC 3464 delivery status notifications: one finding per recipient group of the
// delivery-status part (Final-Recipient / Original-Recipient, Action, Status, Diagnostic-Code).
// Action failed with a 5.x.x status is a hard bounce, with 4.x.x a soft one; delayed is a
// deferral; delivered, relayed and expanded say nothing we record (Mailroom asks for no success
// notices, and "relayed" means only that another system now has it).
import { fieldGroups, first, type FieldGroup } from "@/lib/bounces/fields";
import { cleanReason, mailbox, MAX_REPORT_RECIPIENTS, statusOf, type Finding } from "@/lib/bounces/report";
import { partsOf, textOf } from "@/lib/bounces/report-parts";
import type { InboundEmail } from "@/lib/inbound/inbound-email";

const STATUS_TYPES = ["message/delivery-status", "message/global-delivery-status"];

function finding(group: FieldGroup): Finding | null {
  const action = first(group, "action")
    ?.toLowerCase()
    .split(/[\s(;]/)[0];
  const recipients = [first(group, "original-recipient"), first(group, "final-recipient")]
    .map((v) => (v === undefined ? null : mailbox(v)))
    .filter((a): a is string => a !== null);
  if (!action || recipients.length === 0) return null;
  const diagnostic = (first(group, "diagnostic-code") ?? "").replace(/^[a-z0-9-]+;\s*/i, "");
  const status = statusOf(first(group, "status") ?? "") ?? statusOf(diagnostic);
  const reason = cleanReason([status?.code, diagnostic].filter(Boolean).join(" "));
  const unique = [...new Set(recipients)];
  if (action === "failed") {
    return { recipients: unique, type: "email.bounced", bounceKind: status && !status.permanent ? "soft" : "hard", reason };
  }
  if (action === "delayed") return { recipients: unique, type: "email.deferred", reason };
  return null;
}

/** The findings of a DSN; empty when the message holds no recipient status groups. */
export function parseDsn(email: InboundEmail): Finding[] {
  const groups = [...partsOf(email, STATUS_TYPES), textOf(email)].flatMap(fieldGroups);
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const group of groups) {
    const f = finding(group);
    if (!f || seen.has(f.recipients.join(" "))) continue;
    seen.add(f.recipients.join(" "));
    out.push(f);
    if (out.length >= MAX_REPORT_RECIPIENTS) break;
  }
  return out;
}
