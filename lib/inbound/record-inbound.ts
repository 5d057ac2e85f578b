// Records a received email and queues its rules, in one transaction: once this returns, the
// message is durable and will be processed even if the process dies at once, so the sender
// (an SMTP client, a provider's webhook) may be told it was accepted. A message received twice
// (a provider's retry, an SMTP client resending after a lost reply) is recorded once.
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { storable } from "@/lib/db/storable-text";
import { enqueue } from "@/lib/jobs/enqueue";
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { processInboundJob } from "@/lib/inbound/process-inbound-job";
import { isInstanceMail } from "@/lib/system-mail/instance-mail-marker";

export type InboundSource = "smtp" | "sendgrid" | "mailgun" | "postmark" | "ses";

/**
 * The same message received again (a provider's retry, an SMTP client resending after a lost
 * reply): same Message-ID, sender, recipients, subject and size; without a Message-ID, the same
 * content from the same sender to the same recipients.
 */
function dedupeKey(email: InboundEmail): string {
  const recipients = [...email.envelopeTo].sort().join(",");
  const hash = createHash("sha256").update(
    `${email.messageId ?? ""}|${email.from?.address ?? ""}|${recipients}|${email.subject}|${email.size}`,
  );
  if (!email.messageId) {
    hash.update(`|${email.date?.getTime() ?? ""}|${email.text ?? ""}|${email.html ?? ""}`);
    for (const a of email.attachments) hash.update(a.content);
  }
  return hash.digest("hex");
}

/** Whether this organization verified the domain of every recipient the message came in for. */
async function verifiedFor(orgId: string, recipients: string[]): Promise<boolean> {
  const domains = [...new Set(recipients.map((a) => a.slice(a.lastIndexOf("@") + 1).toLowerCase()))];
  if (domains.length === 0) return false;
  return (await db().domain.count({ where: { orgId, name: { in: domains }, status: "verified" } })) === domains.length;
}

/** Null when the message is the instance's own mail (a link for its recipient) come back to an
 * organization that has not verified the recipient's domain: it is not recorded
 * (lib/system-mail/instance-mail-marker.ts). */
export async function recordInbound({
  orgId,
  source,
  providerId = null,
  email: received,
}: {
  orgId: string;
  source: InboundSource;
  providerId?: string | null;
  email: InboundEmail;
}): Promise<{ id: string; duplicate: boolean } | null> {
  if (isInstanceMail(received.headers, received.envelopeTo) && !(await verifiedFor(orgId, received.envelopeTo))) return null;
  // Text PostgreSQL cannot store (NUL, lone surrogates) is cleaned from every string; bytes stay bytes.
  const email = storable(received);
  const key = dedupeKey(email);
  try {
    const { id, dispatch } = await db().$transaction(async (tx) => {
      const row = await tx.inboundMessage.create({
        data: {
          orgId,
          source,
          providerId,
          dedupeKey: key,
          messageIdHeader: email.messageId,
          fromAddress: email.from?.address ?? null,
          fromName: email.from?.name ?? "",
          toAddresses: email.to.map((a) => a.address),
          ccAddresses: email.cc.map((a) => a.address),
          replyTo: email.replyTo.map((a) => a.address),
          envelopeTo: email.envelopeTo,
          envelopeFrom: email.envelopeFrom,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: email.headers.map((h) => ({ name: h.name, value: h.value })),
          size: email.size,
          inReplyTo: email.inReplyTo,
          references: email.references,
          sentAt: email.date && !Number.isNaN(email.date.getTime()) ? email.date : null,
          attachments: {
            create: email.attachments.map((a, position) => ({
              position,
              filename: a.filename,
              contentType: a.contentType,
              size: a.size,
              contentId: a.contentId,
              content: new Uint8Array(a.content),
            })),
          },
        },
        select: { id: true },
      });
      const job = await enqueue(processInboundJob, { inboundMessageId: row.id }, { tx, dedupeKey: `inbound:${row.id}` });
      return { id: row.id, dispatch: job.dispatch };
    });
    await dispatch();
    return { id, duplicate: false };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const existing = await db().inboundMessage.findUnique({ where: { orgId_dedupeKey: { orgId, dedupeKey: key } }, select: { id: true } });
    if (!existing) throw err;
    return { id: existing.id, duplicate: true };
  }
}
