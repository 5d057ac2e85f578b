import { db } from "@/lib/db/client";

/** Ends every session of the user issued so far (sign-out, and later password changes). */
export async function endSessions(userId: string): Promise<void> {
  await db().user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
