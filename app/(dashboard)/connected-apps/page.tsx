import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ConnectedAppsView } from "@/components/oauth-apps/connected-apps-view";

export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsPage() {
  // The list is the signed-in user's own: the page needs no role, only a user.
  await requireUser();
  return <ConnectedAppsView />;
}
