import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { SafetyView } from "@/components/safety/safety-view";

export const metadata: Metadata = { title: "Safety" };

export default async function SafetyPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <SafetyView role={user.role} />;
}
