// Everything the organization holds about one address, as JSON (docs/contacts.md, Export):
// the contact with its properties and lists, the suppression, the mail to and from it with the
// events of the address, inbound mail, campaign sends and sequence enrolments. Each kind is
// bounded (EXPORT_LIMITS, newest first); `truncated` says when one held more.
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { getContactOrThrow } from "@/lib/contacts/manage-contacts";
import { findSuppressionView } from "@/lib/suppressions/manage-suppressions";
import { addressMatch } from "@/lib/privacy/erase-address";
import { ownInboundIds, ownMessageIds } from "@/lib/privacy/erasure-sql";
import { EXPORT_LIMITS } from "@/lib/privacy/schemas";
import { assertNotOwnAddress } from "@/lib/privacy/own-address";

const insensitive = (email: string) => ({ equals: email, mode: "insensitive" as const });
const json = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Rows one past the limit tell that there were more: the first `limit`, and whether some were left out. */
function capped<T>(rows: T[], limit: number): [T[], boolean] {
  return [rows.slice(0, limit), rows.length > limit];
}

export async function exportAddress({ orgId, email }: { orgId: string; email: string }) {
  await assertNotOwnAddress({ orgId, email, field: "query.email" });
  const m = addressMatch({ orgId, email });
  const contactRow = await db().contact.findFirst({ where: { orgId, email: m.email }, select: { id: true } });
  const [contact, suppression, messageIds, inboundIds, eventRows, sendRows, enrolmentRows] = await Promise.all([
    contactRow ? getContactOrThrow({ orgId, id: contactRow.id }) : null,
    findSuppressionView({ orgId, email: m.email }),
    rawQuery<{ id: string }>(ownMessageIds(m, EXPORT_LIMITS.messages + 1)),
    rawQuery<{ id: string }>(ownInboundIds(m, EXPORT_LIMITS.inboundMessages + 1)),
    db().emailEvent.findMany({
      where: { orgId, recipient: insensitive(m.email) },
      orderBy: [{ occurredAt: "desc" }, { id: "asc" }],
      take: EXPORT_LIMITS.events + 1,
    }),
    db().campaignSend.findMany({
      where: { orgId, email: insensitive(m.email) },
      include: { campaign: { select: { name: true } } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: EXPORT_LIMITS.campaignSends + 1,
    }),
    contactRow
      ? db().sequenceEnrolment.findMany({
          where: { orgId, contactId: contactRow.id },
          include: { sequence: { select: { name: true } } },
          orderBy: [{ enrolledAt: "desc" }, { id: "asc" }],
          take: EXPORT_LIMITS.sequenceEnrolments + 1,
        })
      : [],
  ]);
  const [messageIdsKept, moreMessages] = capped(messageIds, EXPORT_LIMITS.messages);
  const [inboundIdsKept, moreInbound] = capped(inboundIds, EXPORT_LIMITS.inboundMessages);
  const [events, moreEvents] = capped(eventRows, EXPORT_LIMITS.events);
  const [sends, moreSends] = capped(sendRows, EXPORT_LIMITS.campaignSends);
  const [enrolments, moreEnrolments] = capped(enrolmentRows, EXPORT_LIMITS.sequenceEnrolments);
  const [messages, inbound] = await Promise.all([
    db().message.findMany({
      where: { orgId, id: { in: messageIdsKept.map((r) => r.id) } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    }),
    db().inboundMessage.findMany({
      where: { orgId, id: { in: inboundIdsKept.map((r) => r.id) } },
      include: { attachments: { select: { filename: true, contentType: true, size: true }, orderBy: { position: "asc" } } },
      orderBy: [{ receivedAt: "desc" }, { id: "asc" }],
    }),
  ]);
  return {
    email: m.email,
    contact,
    suppression,
    messages: messages.map((x) => ({
      id: x.id,
      createdAt: x.createdAt.toISOString(),
      sentAt: x.sentAt?.toISOString() ?? null,
      from: x.fromAddress,
      to: x.to,
      cc: x.cc,
      bcc: x.bcc,
      subject: x.subject,
      status: x.status,
      deliveryStatus: x.deliveryStatus,
      emailType: x.emailType,
      html: x.html,
      text: x.text,
      tags: x.tags,
      metadata: json(x.metadata),
    })),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      messageId: e.messageId,
      campaignSendId: e.campaignSendId,
      occurredAt: e.occurredAt.toISOString(),
      url: e.url,
      reason: e.reason,
      metadata: json(e.metadata),
    })),
    inboundMessages: inbound.map((x) => ({
      id: x.id,
      receivedAt: x.receivedAt.toISOString(),
      from: x.fromAddress,
      fromName: x.fromName,
      to: x.toAddresses,
      cc: x.ccAddresses,
      subject: x.subject,
      text: x.text,
      html: x.html,
      attachments: x.attachments,
    })),
    campaignSends: sends.map((s) => ({
      campaignId: s.campaignId,
      campaignName: s.campaign.name,
      status: s.status,
      messageId: s.messageId,
      sentAt: s.sentAt?.toISOString() ?? null,
    })),
    sequenceEnrolments: enrolments.map((e) => ({
      sequenceId: e.sequenceId,
      sequenceName: e.sequence.name,
      status: e.status,
      enrolledAt: e.enrolledAt.toISOString(),
      finishedAt: e.finishedAt?.toISOString() ?? null,
    })),
    truncated: moreMessages || moreInbound || moreEvents || moreSends || moreEnrolments,
  };
}
