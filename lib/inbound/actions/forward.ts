// The forward action: the message, with its attachments, sent on to other addresses through
// the normal send path (safety, allowance, providers, events), as "Fwd: subject" from the
// address it arrived at, replies going to the original sender. A message we forwarded
// ourselves is never forwarded again, so two rules pointing at each other cannot loop.
import Handlebars from "handlebars";
import { db } from "@/lib/db/client";
import { sendEmailSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { withIdempotency } from "@/lib/email/idempotency";
import { headerOf, type StoredMessage } from "@/lib/inbound/stored-message";
import { receivingAddress } from "@/lib/inbound/actions/receiving-address";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";

export const FORWARDED_HEADER = "X-Mailroom-Forwarded";

const escape = (s: string) => Handlebars.Utils.escapeExpression(s);

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
  if (headerOf(m, FORWARDED_HEADER.toLowerCase())) return { status: "skipped", detail: "this message was forwarded by a rule already (loop prevented)" };
  const lines = introLines(m);
  const attachments = await db().inboundAttachment.findMany({ where: { inboundMessageId: m.id }, orderBy: { position: "asc" } });
  const input = sendEmailSchema.parse({
    to: action.to,
    from: action.from ?? (await receivingAddress(m)),
    ...(m.fromAddress ? { replyTo: m.replyTo[0] ?? m.fromAddress } : {}),
    subject: (/^fwd?:/i.test(m.subject) ? m.subject : `Fwd: ${m.subject}`).replace(/[\r\n]+/g, " ").slice(0, 998) || "Fwd:",
    text: `---------- Forwarded message ----------\n${lines.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${m.text ?? ""}`,
    ...(m.html
      ? { html: `<div>---------- Forwarded message ----------<br>${lines.map(([k, v]) => `${k}: ${escape(v)}`).join("<br>")}</div><br>${m.html}` }
      : {}),
    attachments: attachments.map((a) => ({
      filename: a.filename.replace(/[\r\n\0/\\]/g, "_").slice(0, 255) || "attachment",
      content: Buffer.from(a.content).toString("base64"),
      ...(/^[\w.+-]+\/[\w.+-]+$/.test(a.contentType) ? { contentType: a.contentType } : {}),
    })),
    headers: { [FORWARDED_HEADER]: m.id },
    metadata: { inboundMessageId: m.id },
  });
  const sent = await withIdempotency(m.orgId, key, { action: key }, () => sendEmail({ principal: { kind: "system", orgId: m.orgId, actor: "inbound_rule" }, input }));
  return { status: "done", detail: `sent as ${sent.id}` };
}
