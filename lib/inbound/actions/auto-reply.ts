// The auto_reply action: a stored template sent back to the sender, threaded (In-Reply-To,
// References) and marked Auto-Submitted: auto-replied. RFC 3834's rules keep it from feeding
// loops or mailing lists: no reply to automatic or bulk mail, to the null sender or a
// daemon, to the organization's own domains, or to the same sender twice a day by one rule.
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { sendEmailSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { withIdempotency } from "@/lib/email/idempotency";
import { domainOf } from "@/lib/inbound/inbound-domains";
import { headerOf, replyAddress, type StoredMessage } from "@/lib/inbound/stored-message";
import { receivingAddress } from "@/lib/inbound/actions/receiving-address";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";

const DAEMONS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|listserv|majordomo)([+.-]|@)/i;

/** Why this message must not get an automatic reply, or null when it may. */
async function reasonNotToReply(m: StoredMessage, to: string | null, ruleId: string): Promise<string | null> {
  if (!to) return "the message has no sender address";
  if (m.source === "smtp" && !m.envelopeFrom) return "the message came from the null sender (a bounce or notification)";
  const auto = headerOf(m, "auto-submitted");
  if (auto && auto.trim().toLowerCase() !== "no") return `the message is automatic (Auto-Submitted: ${auto})`;
  const precedence = headerOf(m, "precedence")?.trim().toLowerCase();
  if (precedence && ["bulk", "junk", "list"].includes(precedence)) return `the message is bulk mail (Precedence: ${precedence})`;
  if (headerOf(m, "list-id") || headerOf(m, "list-unsubscribe")) return "the message came from a mailing list";
  if (DAEMONS.test(to)) return `${to} is an automatic address`;
  if (await db().domain.findFirst({ where: { orgId: m.orgId, name: domainOf(to) }, select: { id: true } })) return `${to} is at one of this organization's own domains`;
  const recent = await rawQuery(
    `SELECT 1 FROM messages WHERE org_id = $1::uuid AND $2 = ANY ("to") AND metadata->>'autoReplyRuleId' = $3 AND status <> 'failed' AND created_at > now() - interval '1 day' LIMIT 1`,
    [m.orgId, to, ruleId],
  );
  if (recent.length) return `${to} had an automatic reply from this rule in the last 24 hours`;
  return null;
}

export async function autoReply({ message: m, rule, action, key }: ActionRun<"auto_reply">): Promise<ActionOutcome> {
  const to = replyAddress(m);
  const reason = await reasonNotToReply(m, to, rule.row.id);
  if (reason) return { status: "skipped", detail: reason };
  const references = [...m.references, ...(m.messageIdHeader ? [m.messageIdHeader] : [])].slice(-20);
  const input = sendEmailSchema.parse({
    to,
    from: action.from ?? (await receivingAddress(m)),
    subject: (/^re:/i.test(m.subject) ? m.subject : `Re: ${m.subject}`).replace(/[\r\n]+/g, " ").slice(0, 998) || "Re:",
    templateId: action.templateId,
    variables: { sender_email: to, sender_name: m.fromName, original_subject: m.subject, ...action.variables },
    headers: {
      "Auto-Submitted": "auto-replied",
      ...(m.messageIdHeader ? { "In-Reply-To": m.messageIdHeader } : {}),
      ...(references.length ? { References: references.join(" ") } : {}),
    },
    metadata: { inboundMessageId: m.id, autoReplyRuleId: rule.row.id },
  });
  const sent = await withIdempotency(m.orgId, key, { action: key }, () => sendEmail({ principal: { kind: "system", orgId: m.orgId, actor: "inbound_rule" }, input }));
  return { status: "done", detail: `sent as ${sent.id}` };
}
