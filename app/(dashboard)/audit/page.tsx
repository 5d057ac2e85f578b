import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { AuditView } from "@/components/audit/audit-view";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <AuditView role={user.role} />;
}
