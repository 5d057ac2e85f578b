// A sequence's enrolments: listed, added (by contact id or address, up to 1000 at once) and
// removed. Contacts must be the organization's own: any other id or unknown address is a 400
// naming it, and nobody is enrolled. Unsubscribed contacts and contacts enrolled before (a
// contact goes through a sequence once, ever) are skipped and reported.
import { db } from "@/lib/db/client";
import { AppError, notFound, type FieldIssue } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Prisma } from "@/lib/generated/prisma/client";
import { insertEnrolments } from "@/lib/sequences/insert-enrolments";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import type { EnrolInput, ListEnrolmentsQuery } from "@/lib/sequences/schemas";

const withContact = {
  contact: { select: { email: true } },
  // Why the enrolment stopped, when a step failed or was skipped.
  sends: { where: { status: { in: ["failed", "skipped"] } }, orderBy: { createdAt: "desc" as const }, take: 1, select: { error: true } },
} satisfies Prisma.SequenceEnrolmentInclude;

type EnrolmentRow = Prisma.SequenceEnrolmentGetPayload<{ include: typeof withContact }>;

const viewOf = (e: EnrolmentRow) => ({
  id: e.id,
  sequenceId: e.sequenceId,
  contactId: e.contactId,
  email: e.contact.email,
  status: e.status,
  exitReason: e.exitReason,
  nextStep: e.nextStep,
  nextRunAt: e.nextRunAt,
  source: e.source,
  error: e.sends[0]?.error ?? null,
  enrolledAt: e.enrolledAt,
  finishedAt: e.finishedAt,
});

async function sequenceOrThrow(orgId: string, id: string) {
  const s = await db().sequence.findFirst({ where: { id, orgId }, select: { id: true, name: true } });
  if (!s) throw notFound("Sequence");
  return s;
}

export async function listEnrolments({
  orgId,
  sequenceId,
  status,
  skip,
  take,
}: {
  orgId: string;
  sequenceId: string;
  status?: ListEnrolmentsQuery["status"];
  skip: number;
  take: number;
}) {
  await sequenceOrThrow(orgId, sequenceId);
  const where = { sequenceId, orgId, ...(status ? { status } : {}) };
  const [rows, total] = await Promise.all([
    db().sequenceEnrolment.findMany({ where, include: withContact, orderBy: [{ enrolledAt: "desc" }, { id: "asc" }], skip, take }),
    db().sequenceEnrolment.count({ where }),
  ]);
  return { items: rows.map(viewOf), total };
}

/** The organization's contacts the body names, or a 400 naming each id or address that is not one. */
async function contactsOf(orgId: string, input: EnrolInput) {
  const select = { id: true, email: true, subscriptionStatus: true };
  const [byId, byEmail] = await Promise.all([
    input.contactIds?.length ? db().contact.findMany({ where: { orgId, id: { in: input.contactIds } }, select }) : [],
    input.emails?.length ? db().contact.findMany({ where: { orgId, email: { in: input.emails } }, select }) : [],
  ]);
  const issues: FieldIssue[] = [];
  const ids = new Set(byId.map((c) => c.id));
  const emails = new Set(byEmail.map((c) => c.email));
  input.contactIds?.forEach(
    (id, i) => ids.has(id) || issues.push({ path: `body.contactIds.${i}`, message: "not a contact of this organization" }),
  );
  input.emails?.forEach(
    (email, i) =>
      emails.has(email) || issues.push({ path: `body.emails.${i}`, message: "no contact of this organization has this address" }),
  );
  if (issues.length)
    throw new AppError("VALIDATION_ERROR", `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues);
  return [...new Map([...byId, ...byEmail].map((c) => [c.id, c])).values()];
}

export async function enrolContacts({ principal, sequenceId, input }: { principal: Principal; sequenceId: string; input: EnrolInput }) {
  const sequence = await sequenceOrThrow(principal.orgId, sequenceId);
  const contacts = await contactsOf(principal.orgId, input);
  // Enrolling is starting the sequence's mail to each contact: email:send, and above the bulk
  // threshold what a bulk send needs (the subscribed ones are the audience; the rest are skipped).
  const audience = contacts.filter((c) => c.subscriptionStatus === "subscribed").length;
  await assertMayStartBulk({
    principal,
    audience,
    action: "sequence.enrolled",
    target: { targetType: "sequence", targetId: sequenceId, metadata: { name: sequence.name } },
  });
  const source = principal.kind === "session" ? "dashboard" : "api";
  const { enrolled, announce } = await db().$transaction(async (tx) => {
    const result = await insertEnrolments(tx, {
      orgId: principal.orgId,
      contactIds: contacts.map((c) => c.id),
      source,
      sequences: { ids: [sequenceId] },
    });
    if (result.enrolled.length) {
      await recordAudit(
        {
          orgId: principal.orgId,
          ...actorOf(principal),
          action: "sequence.enrolled",
          targetType: "sequence",
          targetId: sequenceId,
          metadata: { name: sequence.name, count: result.enrolled.length, source },
        },
        tx,
      );
    }
    return result;
  });
  await announce();
  const rows = await db().sequenceEnrolment.findMany({
    where: { id: { in: enrolled.map((e) => e.id) } },
    include: withContact,
    orderBy: { enrolledAt: "asc" },
  });
  const isNew = new Set(enrolled.map((e) => e.contactId));
  const skipped = contacts
    .filter((c) => !isNew.has(c.id))
    .map((c) => ({
      contactId: c.id,
      email: c.email,
      reason: c.subscriptionStatus === "subscribed" ? ("already_enrolled" as const) : ("unsubscribed" as const),
    }));
  return { enrolled: rows.map(viewOf), skipped };
}

/** Takes an active enrolment out (exited, reason removed); a finished one is answered as it is. */
export async function removeEnrolment({
  principal,
  sequenceId,
  enrolmentId,
}: {
  principal: Principal;
  sequenceId: string;
  enrolmentId: string;
}) {
  const found = await db().sequenceEnrolment.findFirst({
    where: { id: enrolmentId, sequenceId, orgId: principal.orgId },
    include: withContact,
  });
  if (!found) throw notFound("Enrolment");
  if (found.status === "active") {
    await db().$transaction(async (tx) => {
      const { count } = await tx.sequenceEnrolment.updateMany({
        where: { id: enrolmentId, status: "active" },
        data: { status: "exited", exitReason: "removed", finishedAt: new Date(), nextRunAt: null },
      });
      if (count) {
        await recordAudit(
          {
            orgId: principal.orgId,
            ...actorOf(principal),
            action: "sequence.enrolment_removed",
            targetType: "sequence",
            targetId: sequenceId,
            metadata: { enrolmentId, contactId: found.contactId, email: found.contact.email },
          },
          tx,
        );
      }
    });
  }
  const after = await db().sequenceEnrolment.findUnique({ where: { id: enrolmentId }, include: withContact });
  if (!after) throw notFound("Enrolment"); // its sequence was deleted meanwhile
  return viewOf(after);
}
