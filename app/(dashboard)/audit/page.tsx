import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { AuditView } from "@/components/audit/audit-view";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <AuditView role={user.role} />;
}
