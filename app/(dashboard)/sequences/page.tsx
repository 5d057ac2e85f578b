import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { SequencesView } from "@/components/sequences/sequences-view";

export const metadata: Metadata = { title: "Sequences" };

export default async function SequencesPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <SequencesView role={user.role} />;
}
