// POST /api/v1/inbox/messages/{id}/reply: an answer to a received message through the normal
// send path, threaded so mail clients show it in the same conversation (lib/inbound/threading),
// to Reply-To or the sender (and, with replyAll, the other recipients but the organization's
// own addresses), from the address it arrived at.
import { AppError, validationError } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { parseMailbox } from "@/lib/email/address";
import { sendEmailSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { getInboxRow } from "@/lib/inbound/inbox";
import { replyAddress } from "@/lib/inbound/stored-message";
import { isOwnAddress, ownDomains, receivingAddress } from "@/lib/inbound/own-domains";
import { replySubject, threadingHeaders } from "@/lib/inbound/threading";
import type { ReplyInput } from "@/lib/inbound/schemas";

export async function replyToInbound({ principal, id, input }: { principal: Principal; id: string; input: ReplyInput }) {
  const m = await getInboxRow({ orgId: principal.orgId, id });
  const to = replyAddress(m);
  if (!to || !parseMailbox(to))
    throw new AppError("VALIDATION_ERROR", "This message has no sender address a reply can go to", [
      { path: "params.id", message: "no usable sender address" },
    ]);
  const own = await ownDomains(m.orgId);
  const others = input.replyAll
    ? [...m.toAddresses, ...m.ccAddresses].filter((a) => a !== to && !isOwnAddress(own, a) && parseMailbox(a))
    : [];
  const send = sendEmailSchema.safeParse({
    to,
    ...(others.length ? { cc: [...new Set(others)].slice(0, 49) } : {}),
    from: input.from ? (input.from.name ? `${input.from.name} <${input.from.email}>` : input.from.email) : await receivingAddress(m, own),
    subject: replySubject(m.subject) || "Re:",
    ...(input.text ? { text: input.text } : {}),
    ...(input.html ? { html: input.html } : {}),
    headers: threadingHeaders(m),
    metadata: { inboundMessageId: m.id },
  });
  if (!send.success) throw validationError(send.error.issues, "reply");
  return sendEmail({ principal, input: send.data });
}
