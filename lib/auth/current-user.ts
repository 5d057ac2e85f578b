// For server components: the signed-in user with current role and organization, or null.
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import type { Role } from "@/lib/auth/permissions";

export async function currentUser() {
  const session = await getServerSession(authOptions());
  if (!session?.user?.orgId) return null;
  return { ...session.user, role: session.user.role as Role };
}
