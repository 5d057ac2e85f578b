import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { SafetyView } from "@/components/safety/safety-view";

export const metadata: Metadata = { title: "Safety" };

export default async function SafetyPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <SafetyView role={user.role} />;
}
