import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { ListsView } from "@/components/lists/lists-view";

export const metadata: Metadata = { title: "Lists" };

export default async function ListsPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <ListsView role={user.role} />;
}
