// POST /api/v1/inbox/messages/{id}/reply: an answer to a received message through the normal
// send path, threaded so mail clients show it in the same conversation (In-Reply-To and
// References, RFC 5322 §3.6.4), to Reply-To or the sender (and, with replyAll, the other
// recipients but the organization's own addresses), from the address it arrived at.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/principal";
import { sendEmailSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { domainOf } from "@/lib/inbound/inbound-domains";
import { getInboxRow } from "@/lib/inbound/inbox";
import { replyAddress } from "@/lib/inbound/stored-message";
import { receivingAddress } from "@/lib/inbound/actions/receiving-address";
import type { ReplyInput } from "@/lib/inbound/schemas";

export async function replyToInbound({ principal, id, input }: { principal: Principal; id: string; input: ReplyInput }) {
  const m = await getInboxRow({ orgId: principal.orgId, id });
  const to = replyAddress(m);
  if (!to) throw new AppError("VALIDATION_ERROR", "This message has no sender address to reply to", [{ path: "params.id", message: "no sender" }]);
  const own = new Set((await db().domain.findMany({ where: { orgId: m.orgId }, select: { name: true } })).map((d) => d.name));
  const others = input.replyAll ? [...m.toAddresses, ...m.ccAddresses].filter((a) => a !== to && !own.has(domainOf(a))) : [];
  const references = [...m.references, ...(m.messageIdHeader ? [m.messageIdHeader] : [])].slice(-20);
  const send = sendEmailSchema.parse({
    to,
    ...(others.length ? { cc: [...new Set(others)].slice(0, 49) } : {}),
    from: input.from ? (input.from.name ? `${input.from.name} <${input.from.email}>` : input.from.email) : await receivingAddress(m),
    subject: (/^re:/i.test(m.subject) ? m.subject : `Re: ${m.subject}`).replace(/[\r\n]+/g, " ").slice(0, 998) || "Re:",
    ...(input.text ? { text: input.text } : {}),
    ...(input.html ? { html: input.html } : {}),
    headers: {
      ...(m.messageIdHeader ? { "In-Reply-To": m.messageIdHeader } : {}),
      ...(references.length ? { References: references.join(" ") } : {}),
    },
    metadata: { inboundMessageId: m.id },
  });
  return sendEmail({ principal, input: send });
}
