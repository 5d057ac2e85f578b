import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { DomainsView } from "@/components/domains/domains-view";

export const metadata: Metadata = { title: "Domains" };

export default async function DomainsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <DomainsView role={user.role} />;
}
