// The auto_reply action: a stored template sent back, threaded (In-Reply-To, References) and
// marked Auto-Submitted: auto-replied. As RFC 3834 asks, it goes to the envelope sender when
// the transport told it (else From), and never to automatic or bulk mail, the null sender, a
// daemon, the organization's own domains, or the same address twice a day from one rule; and
// an organization sends at most 200 automatic replies an hour, so it cannot be used to flood.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { parseMailbox } from "@/lib/email/address";
import { sendEmailSchema } from "@/lib/email/schemas";
import { headerOf, type StoredMessage } from "@/lib/inbound/stored-message";
import { isOwnAddress, ownDomains, receivingAddress } from "@/lib/inbound/own-domains";
import { replySubject, threadingHeaders } from "@/lib/inbound/threading";
import { sendOnce } from "@/lib/inbound/actions/send-once";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";

const DAEMONS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|listserv|majordomo)([+.-]|@)/i;
const HOURLY_CAP = 200;
/** Sources whose webhook or session tells the envelope sender: there, none means the null sender. */
const ENVELOPE_SOURCES = new Set(["smtp", "ses", "sendgrid", "mailgun"]);

/** Where an automatic reply goes: the envelope sender (Return-Path) when known, else From. */
const answerTo = (m: StoredMessage) => m.envelopeFrom ?? m.fromAddress;

/** Why this message must not get an automatic reply, or null when it may. */
async function reasonNotToReply(m: StoredMessage, to: string | null, ruleId: string, own: Set<string>): Promise<string | null> {
  if (ENVELOPE_SOURCES.has(m.source) && !m.envelopeFrom) return "the message came from the null sender (a bounce or notification)";
  if (!to || !parseMailbox(to)) return "the message has no sender address a reply can go to";
  const auto = headerOf(m, "auto-submitted");
  if (auto && auto.trim().toLowerCase() !== "no") return `the message is automatic (Auto-Submitted: ${auto})`;
  const precedence = headerOf(m, "precedence")?.trim().toLowerCase();
  if (precedence && ["bulk", "junk", "list"].includes(precedence)) return `the message is bulk mail (Precedence: ${precedence})`;
  if (headerOf(m, "list-id") || headerOf(m, "list-unsubscribe")) return "the message came from a mailing list";
  if (DAEMONS.test(to)) return `${to} is an automatic address`;
  if (isOwnAddress(own, to)) return `${to} is at one of this organization's own domains`;
  const [recent] = await rawQuery<{ to_sender: boolean; last_hour: number }>(
    Prisma.sql`SELECT bool_or(${to}::text = ANY ("to") AND metadata->>'autoReplyRuleId' = ${ruleId}::text AND created_at > now() - interval '1 day') AS to_sender,
            count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS last_hour
       FROM messages
      WHERE org_id = ${m.orgId}::uuid AND metadata ? 'autoReplyRuleId' AND status <> 'failed' AND created_at > now() - interval '1 day'`,
  );
  if (recent?.to_sender) return `${to} had an automatic reply from this rule in the last 24 hours`;
  if ((recent?.last_hour ?? 0) >= HOURLY_CAP) return `this organization sent ${HOURLY_CAP} automatic replies in the last hour`;
  return null;
}

export async function autoReply({ message: m, rule, action, key }: ActionRun<"auto_reply">): Promise<ActionOutcome> {
  const to = answerTo(m);
  const own = await ownDomains(m.orgId);
  const reason = await reasonNotToReply(m, to, rule.id, own);
  if (reason) return { status: "skipped", detail: reason };
  const input = sendEmailSchema.parse({
    to,
    from: action.from ?? (await receivingAddress(m, own)),
    subject: replySubject(m.subject) || "Re:",
    templateId: action.templateId,
    variables: { sender_email: to, sender_name: m.fromName, original_subject: m.subject, ...action.variables },
    headers: { "Auto-Submitted": "auto-replied", ...threadingHeaders(m) },
    metadata: { inboundMessageId: m.id, autoReplyRuleId: rule.id },
  });
  return sendOnce(m.orgId, key, input);
}
