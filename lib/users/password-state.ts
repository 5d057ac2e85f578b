// Whether the signed-in person should choose a new password: "required" for a generated first
// password printed on the console (the dashboard asks before anything else), "suggested" for
// one someone else set and not set since through a link mailed to its holder (sign-in and the
// API keep working), else null.
import { db } from "@/lib/db/client";

export async function passwordState(userId: string): Promise<"required" | "suggested" | null> {
  const u = await db().user.findUnique({ where: { id: userId }, select: { mustChangePassword: true, passwordChosenAt: true } });
  if (!u) return null;
  if (u.mustChangePassword) return "required";
  return u.passwordChosenAt ? null : "suggested";
}
