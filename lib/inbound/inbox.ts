// The inbox: received messages kept by the rules (or by no rule matching), newest first.
// Another organization's message is "not found".
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { escapeLike } from "@/lib/db/like-pattern";
import type { InboxQuery } from "@/lib/inbound/schemas";
import { ATTACHMENT_INFO, storedHeaders, type StoredMessage } from "@/lib/inbound/stored-message";
import type { Prisma } from "@/lib/generated/prisma/client";

const summaryOf = (m: StoredMessage) => ({
  id: m.id,
  from: m.fromAddress ? { address: m.fromAddress, name: m.fromName } : null,
  to: m.toAddresses,
  subject: m.subject,
  tags: m.tags,
  size: m.size,
  attachmentCount: m.attachments.length,
  source: m.source,
  receivedAt: m.receivedAt,
});

export async function listInbox({ orgId, query }: { orgId: string; query: InboxQuery }) {
  const where: Prisma.InboundMessageWhereInput = {
    orgId,
    inInbox: true,
    ...(query.tag ? { tags: { has: query.tag } } : {}),
    ...(query.search
      ? {
          OR: [
            { fromAddress: { contains: escapeLike(query.search), mode: "insensitive" } },
            { subject: { contains: escapeLike(query.search), mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db().inboundMessage.findMany({
      where,
      orderBy: [{ receivedAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
      include: { attachments: ATTACHMENT_INFO },
    }),
    db().inboundMessage.count({ where }),
  ]);
  return { items: rows.map(summaryOf), total };
}

export async function getInboxRow({ orgId, id }: { orgId: string; id: string }): Promise<StoredMessage> {
  const m = await db().inboundMessage.findFirst({ where: { id, orgId, inInbox: true }, include: { attachments: ATTACHMENT_INFO } });
  if (!m) throw notFound("Inbox message");
  return m;
}

export async function getInboxMessage({ orgId, id }: { orgId: string; id: string }) {
  const m = await getInboxRow({ orgId, id });
  return {
    ...summaryOf(m),
    messageId: m.messageIdHeader,
    cc: m.ccAddresses,
    replyTo: m.replyTo,
    envelopeTo: m.envelopeTo,
    envelopeFrom: m.envelopeFrom,
    text: m.text,
    html: m.html,
    headers: storedHeaders(m),
    inReplyTo: m.inReplyTo,
    references: m.references,
    sentAt: m.sentAt,
    status: m.status,
    ruleResults: m.ruleResults,
    attachments: m.attachments,
  };
}

export async function getInboxAttachment({ orgId, id, attachmentId }: { orgId: string; id: string; attachmentId: string }) {
  const m = await getInboxRow({ orgId, id });
  const a = await db().inboundAttachment.findFirst({ where: { id: attachmentId, inboundMessageId: m.id } });
  if (!a) throw notFound("Attachment");
  return {
    id: a.id,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    contentId: a.contentId,
    content: Buffer.from(a.content).toString("base64"),
  };
}
