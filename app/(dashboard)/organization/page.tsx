import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { OrganizationView } from "@/components/organization/organization-view";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <OrganizationView role={user.role} />;
}
