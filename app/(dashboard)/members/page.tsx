import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { MembersView } from "@/components/members/members-view";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <MembersView role={user.role} userId={user.id} />;
}
