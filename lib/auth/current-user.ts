// For server components: the signed-in user with current role and organization, or null.
// Cached per request: the layout and the page both ask, and the answer is one look-up.
import { cache } from "react";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/options";
import type { Role } from "@/lib/auth/permissions";

export const currentUser = cache(async () => {
  const session = await getServerSession(authOptions());
  if (!session?.user?.orgId) return null;
  return { ...session.user, role: session.user.role as Role };
});
