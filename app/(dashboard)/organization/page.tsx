import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { OrganizationView } from "@/components/organization/organization-view";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <OrganizationView role={user.role} />;
}
