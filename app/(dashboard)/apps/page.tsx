import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { OAuthAppsView } from "@/components/oauth-apps/oauth-apps-view";

export const metadata: Metadata = { title: "Apps" };

export default async function AppsPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <OAuthAppsView role={user.role} />;
}
