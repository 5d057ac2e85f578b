import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { MembersView } from "@/components/members/members-view";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <MembersView role={user.role} userId={user.id} />;
}
