// A signed-in person sets their own name (asked at first sign-in, changed on the Account page).
import { db } from "@/lib/db/client";
import type { UpdateProfileInput } from "@/lib/users/schemas";

export async function updateProfile({ userId, input }: { userId: string; input: UpdateProfileInput }) {
  const user = await db().user.update({ where: { id: userId }, data: { name: input.name }, select: { name: true } });
  return { name: user.name };
}
