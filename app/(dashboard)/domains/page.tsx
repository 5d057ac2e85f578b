import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { DomainsView } from "@/components/domains/domains-view";

export const metadata: Metadata = { title: "Domains" };

export default async function DomainsPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <DomainsView role={user.role} />;
}
