// For signed-in pages: the user, or a redirect to /sign-in. Every such page asks, not only the
// dashboard layout: Next.js renders a layout and its page side by side, so a page cannot count on
// the layout's redirect having happened first.
import "server-only";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";

/** The signed-in user; without one, a redirect to /sign-in that comes back to `returnTo` once signed in. */
export async function requireUser(returnTo?: string) {
  const user = await currentUser();
  if (!user) redirect(returnTo ? `/sign-in?${new URLSearchParams({ callbackUrl: returnTo })}` : "/sign-in");
  return user;
}
