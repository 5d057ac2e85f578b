import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { SequencesView } from "@/components/sequences/sequences-view";

export const metadata: Metadata = { title: "Sequences" };

export default async function SequencesPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <SequencesView role={user.role} />;
}
