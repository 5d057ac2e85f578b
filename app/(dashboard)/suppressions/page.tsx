import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { SuppressionsView } from "@/components/suppressions/suppressions-view";

export const metadata: Metadata = { title: "Suppressions" };

export default async function SuppressionsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <SuppressionsView role={user.role} />;
}
