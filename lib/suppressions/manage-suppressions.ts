// List, add, look up and remove an organization's suppressed addresses. Another
// organization's rows are never visible ("not found"). Adding is idempotent: an address
// already on the list is answered with its existing row, whatever put it there. Every change
// is audited; an add that changed nothing is not.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { escapeLike } from "@/lib/db/like-pattern";
import { notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CreateSuppressionInput, ListSuppressionsQuery } from "@/lib/suppressions/schemas";
import type { Prisma, Suppression } from "@/lib/generated/prisma/client";
import { assertMayChangeWaitingMail, waitingOnAddress } from "@/lib/safety/queued-mail";

const view = (s: Suppression) => ({ id: s.id, email: s.email, reason: s.reason, messageId: s.messageId, createdAt: s.createdAt });

const audit = (principal: Principal, action: string, s: Suppression, tx: Prisma.TransactionClient) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "suppression",
      targetId: s.id,
      metadata: { email: s.email, reason: s.reason },
    },
    tx,
  );

export async function listSuppressions({ orgId, query }: { orgId: string; query: ListSuppressionsQuery }) {
  const where: Prisma.SuppressionWhereInput = {
    orgId,
    ...(query.reason ? { reason: query.reason } : {}),
    // Stored lower-cased: a lower-cased search matches case-insensitively.
    ...(query.search ? { email: { contains: escapeLike(query.search.toLowerCase()) } } : {}),
  };
  const [rows, total] = await Promise.all([
    db().suppression.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
    }),
    db().suppression.count({ where }),
  ]);
  return { items: rows.map(view), total };
}

async function findSuppression(orgId: string, email: string) {
  return db().suppression.findUnique({ where: { orgId_email: { orgId, email: email.toLowerCase() } } });
}

/** `email` as the params schema gives it (lower-cased); 404 when the address is not suppressed. */
export async function getSuppressionOrThrow({ orgId, email }: { orgId: string; email: string }) {
  const row = await findSuppression(orgId, email);
  if (!row) throw notFound("Suppression");
  return view(row);
}

/** `created` false: the address was already suppressed, and its row is returned unchanged. */
export async function createSuppression({ principal, input }: { principal: Principal; input: CreateSuppressionInput }) {
  const email = input.email.toLowerCase();
  const existing = await findSuppression(principal.orgId, email);
  if (existing) return { suppression: view(existing), created: false };
  try {
    const row = await db().$transaction(async (tx) => {
      const s = await tx.suppression.create({ data: { orgId: principal.orgId, email, reason: "manual" } });
      await audit(principal, "suppression.created", s, tx);
      return s;
    });
    return { suppression: view(row), created: true };
  } catch (err) {
    // Added meanwhile (a concurrent request, or a bounce): idempotent all the same.
    if (!isUniqueViolation(err)) throw err;
    const raced = await findSuppression(principal.orgId, email);
    if (!raced) throw err;
    return { suppression: view(raced), created: false };
  }
}

/** Mail to the address is sent again afterwards; it comes back by itself if it bounces again. */
export async function deleteSuppression({ principal, email }: { principal: Principal; email: string }) {
  const existing = await findSuppression(principal.orgId, email);
  if (!existing) throw notFound("Suppression");
  // Lifting it lets mail that waits for the address (a campaign, a sequence) reach it: sending.
  await assertMayChangeWaitingMail(principal, await waitingOnAddress(principal.orgId, existing.email), "suppression.deleted", {
    targetType: "suppression",
    targetId: existing.id,
  });
  await db().$transaction(async (tx) => {
    const { count } = await tx.suppression.deleteMany({ where: { id: existing.id, orgId: principal.orgId } });
    if (count === 0) throw notFound("Suppression"); // removed meanwhile
    await audit(principal, "suppression.deleted", existing, tx);
  });
  return { deleted: true as const };
}
