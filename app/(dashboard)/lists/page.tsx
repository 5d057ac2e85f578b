import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ListsView } from "@/components/lists/lists-view";

export const metadata: Metadata = { title: "Lists" };

export default async function ListsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <ListsView role={user.role} />;
}
