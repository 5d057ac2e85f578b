import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { OAuthAppsView } from "@/components/oauth-apps/oauth-apps-view";

export const metadata: Metadata = { title: "Apps" };

export default async function AppsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <OAuthAppsView role={user.role} />;
}
