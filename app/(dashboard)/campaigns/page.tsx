import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { CampaignsView } from "@/components/campaigns/campaigns-view";

export const metadata: Metadata = { title: "Campaigns" };

export default async function CampaignsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <CampaignsView role={user.role} />;
}
