// The forward action: the message, with its attachments, sent on to other addresses through
// the normal send path (safety, allowance, providers, events), as "Fwd: subject" from the
// address it arrived at, replies going to the original sender. A message this installation
// forwarded already (a genuine marker header) is never forwarded again: no loops.
import { escapeHtml as escape } from "@/lib/templates/handlebars";
import { db } from "@/lib/db/client";
import { parseMailbox } from "@/lib/email/address";
import { sendEmailSchema } from "@/lib/email/schemas";
import { storedHeaders, type StoredMessage } from "@/lib/inbound/stored-message";
import { receivingAddress } from "@/lib/inbound/own-domains";
import { FORWARDED_HEADER, forwardedMarker, isGenuineMarker } from "@/lib/inbound/forwarded-marker";
import { sendOnce } from "@/lib/inbound/actions/send-once";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";

function introLines(m: StoredMessage): [string, string][] {
  return [
    ["From", m.fromName ? `${m.fromName} <${m.fromAddress ?? ""}>` : (m.fromAddress ?? "")],
    ["Date", (m.sentAt ?? m.receivedAt).toUTCString()],
    ["Subject", m.subject],
    ["To", m.toAddresses.join(", ")],
    ...(m.ccAddresses.length ? [["Cc", m.ccAddresses.join(", ")] as [string, string]] : []),
  ];
}

export async function forward({ message: m, action, key }: ActionRun<"forward">): Promise<ActionOutcome> {
  const marker = FORWARDED_HEADER.toLowerCase();
  if (storedHeaders(m).some((h) => h.name === marker && isGenuineMarker(h.value))) {
    return { status: "skipped", detail: "this message was forwarded by a rule already (loop prevented)" };
  }
  const lines = introLines(m);
  const attachments = await db().inboundAttachment.findMany({ where: { inboundMessageId: m.id }, orderBy: { position: "asc" } });
  // Replies go to the original sender when the address is one a send can carry.
  const replyTo = [m.replyTo[0], m.fromAddress].find((a) => a && parseMailbox(a));
  const subject = m.subject.replace(/[\r\n]+/g, " ");
  const input = sendEmailSchema.parse({
    to: action.to,
    from: action.from ?? (await receivingAddress(m)),
    ...(replyTo ? { replyTo } : {}),
    subject: (/^fwd?:/i.test(subject) ? subject : `Fwd: ${subject}`).slice(0, 998),
    text: `---------- Forwarded message ----------\n${lines.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${m.text ?? ""}`,
    ...(m.html
      ? {
          html: `<div>---------- Forwarded message ----------<br>${lines.map(([k, v]) => `${k}: ${escape(v)}`).join("<br>")}</div><br>${m.html}`,
        }
      : {}),
    attachments: attachments.map((a) => ({
      filename: a.filename.replace(/[\r\n\0/\\]/g, "_").slice(0, 255) || "attachment",
      content: Buffer.from(a.content).toString("base64"),
      ...(/^[\w.+-]+\/[\w.+-]+$/.test(a.contentType) ? { contentType: a.contentType } : {}),
    })),
    headers: { [FORWARDED_HEADER]: forwardedMarker(m.id) },
    metadata: { inboundMessageId: m.id },
  });
  return sendOnce(m.orgId, key, input);
}
