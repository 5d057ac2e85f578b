import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { SuppressionsView } from "@/components/suppressions/suppressions-view";

export const metadata: Metadata = { title: "Suppressions" };

export default async function SuppressionsPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <SuppressionsView role={user.role} />;
}
