// Test recipient lists: in test mode only their addresses may receive email.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CreateTestListInput } from "@/lib/safety/schemas";

export async function listTestLists({ orgId }: { orgId: string }) {
  return db().testList.findMany({ where: { orgId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function createTestList({ orgId, userId, input }: { orgId: string; userId: string; input: CreateTestListInput }) {
  const emails = [...new Set(input.emails)];
  const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } });
  if (emails.length > org.testListMaxSize) {
    throw new AppError("VALIDATION_ERROR", `A test list holds at most ${org.testListMaxSize} addresses; this one has ${emails.length}`);
  }
  return db().$transaction(async (tx) => {
    const list = await tx.testList.create({ data: { orgId, name: input.name, emails } });
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: userId,
        action: "safety.test_list_created",
        targetType: "test_list",
        targetId: list.id,
        metadata: { name: list.name, size: emails.length },
      },
      tx,
    );
    return list;
  });
}

/** SPEC: 200 {deleted: boolean}. A list that is not there (deleted already, never was, or
 * another organization's: existence is not told) answers {deleted: false}, so a repeat is harmless. */
export async function deleteTestList({ orgId, userId, id }: { orgId: string; userId: string; id: string }): Promise<{ deleted: boolean }> {
  return db().$transaction(async (tx) => {
    const list = await tx.testList.findFirst({ where: { id, orgId } });
    if (!list) return { deleted: false };
    // A concurrent delete of the same list: one of the two deletes it, the other answers false.
    if ((await tx.testList.deleteMany({ where: { id: list.id } })).count === 0) return { deleted: false };
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: userId,
        action: "safety.test_list_deleted",
        targetType: "test_list",
        targetId: list.id,
        metadata: { name: list.name },
      },
      tx,
    );
    return { deleted: true };
  });
}

/** Recipients not on any of the organization's test lists (lower-cased). */
export async function recipientsOffTestLists(orgId: string, recipients: string[]): Promise<string[]> {
  const lists = await db().testList.findMany({ where: { orgId }, select: { emails: true } });
  const allowed = new Set(lists.flatMap((l) => l.emails));
  return [...new Set(recipients.map((r) => r.toLowerCase()))].filter((r) => !allowed.has(r));
}
