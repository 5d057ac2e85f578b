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
import { erasedKey, isErasedKey } from "@/lib/privacy/erased-address";

// An erased address is kept only as its keyed hash (lib/privacy/erased-address.ts): no address to show.
const view = (s: Suppression) => ({
  id: s.id,
  email: isErasedKey(s.email) ? null : s.email,
  reason: s.reason,
  messageId: s.messageId,
  createdAt: s.createdAt,
});

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

/** The address's row, or the row of its keyed hash once it was erased. */
async function findSuppression(orgId: string, email: string) {
  const address = email.toLowerCase();
  const rows = await db().suppression.findMany({ where: { orgId, email: { in: [address, erasedKey({ orgId, email: address })] } } });
  return rows.find((r) => r.email === address) ?? rows[0] ?? null;
}

/** The address's suppression (by its hash once erased), or null. */
export async function findSuppressionView({ orgId, email }: { orgId: string; email: string }) {
  const row = await findSuppression(orgId, email);
  return row ? view(row) : null;
}

/** `email` as the params schema gives it (lower-cased); 404 when the address is not suppressed. */
export async function getSuppressionOrThrow({ orgId, email }: { orgId: string; email: string }) {
  const found = await findSuppressionView({ orgId, email });
  if (!found) throw notFound("Suppression");
  return found;
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
  await assertMayChangeWaitingMail(principal, await waitingOnAddress(principal.orgId, email.toLowerCase()), "suppression.deleted", {
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
