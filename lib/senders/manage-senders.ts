// Create, read, rename and delete an organization's senders. An address is a sender of an
// organization once (409 otherwise); another organization may have the same address. A new
// sender is linked to the organization's domain at its address, if there is one. Every change
// is audited; another organization's sender is "not found".
import { db } from "@/lib/db/client";
import { assertNotInstanceDomain, assertNotSystemFrom } from "@/lib/system-mail/system-from";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Prisma } from "@/lib/generated/prisma/client";
import { senderInclude, viewOfSender } from "@/lib/senders/sender-view";
import type { CreateSenderInput, UpdateSenderInput } from "@/lib/senders/schemas";
import { assertMayChangeWaitingMail, waitingOnSender } from "@/lib/safety/queued-mail";

const audit = (
  principal: Principal,
  action: string,
  s: { id: string; email: string },
  tx: Prisma.TransactionClient,
  metadata: Prisma.InputJsonObject = {},
) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "sender",
      targetId: s.id,
      metadata: { email: s.email, ...metadata },
    },
    tx,
  );

export async function listSenders({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const where = { orgId };
  const [rows, total] = await Promise.all([
    db().sender.findMany({ where, include: senderInclude, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().sender.count({ where }),
  ]);
  return { items: rows.map(viewOfSender), total };
}

export async function getSenderRowOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().sender.findFirst({ where: { id, orgId }, include: senderInclude });
  if (!row) throw notFound("Sender");
  return row;
}

export async function getSenderOrThrow({ orgId, id }: { orgId: string; id: string }) {
  return viewOfSender(await getSenderRowOrThrow({ orgId, id }));
}

export async function createSender({ principal, input }: { principal: Principal; input: CreateSenderInput }) {
  assertNotSystemFrom(input.email);
  const domainName = input.email.slice(input.email.lastIndexOf("@") + 1);
  assertNotInstanceDomain(domainName, "body.email");
  try {
    const created = await db().$transaction(async (tx) => {
      const domain = await tx.domain.findFirst({ where: { orgId: principal.orgId, name: domainName }, select: { id: true } });
      const s = await tx.sender.create({
        data: { orgId: principal.orgId, email: input.email, name: input.name, domainId: domain?.id ?? null },
        include: senderInclude,
      });
      await audit(principal, "sender.created", s, tx, { name: s.name });
      return s;
    });
    return viewOfSender(created);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", `${input.email} is already a sender of this organization`);
    throw err;
  }
}

export async function updateSender({ principal, id, input }: { principal: Principal; id: string; input: UpdateSenderInput }) {
  const existing = await getSenderRowOrThrow({ orgId: principal.orgId, id });
  // Its name is the display name of mail campaigns and sequences will send: a new one is
  // sending that mail (lib/safety/queued-mail.ts).
  if (input.name !== existing.name) {
    await assertMayChangeWaitingMail(principal, await waitingOnSender(principal.orgId, existing.id), "sender.updated", {
      targetType: "sender",
      targetId: existing.id,
    });
  }
  const updated = await db().$transaction(async (tx) => {
    const { count } = await tx.sender.updateMany({ where: { id, orgId: principal.orgId }, data: { name: input.name } });
    if (count === 0) throw notFound("Sender"); // deleted meanwhile
    const s = await tx.sender.findUniqueOrThrow({ where: { id }, include: senderInclude });
    await audit(principal, "sender.updated", s, tx, { name: s.name, previousName: existing.name });
    return s;
  });
  return viewOfSender(updated);
}

/** Deletes it: in production the address can no longer be sent from (unless its domain is verified). */
export async function deleteSender({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getSenderRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const { count } = await tx.sender.deleteMany({ where: { id, orgId: principal.orgId } });
    if (count === 0) throw notFound("Sender");
    await audit(principal, "sender.deleted", existing, tx);
  });
  return { id, deleted: true as const };
}
