import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { campaignIdParamsSchema } from "@/lib/campaigns/schemas";
import { CampaignDetailView } from "@/components/campaigns/campaign-detail-view";

export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  // Not a campaign id at all: nothing to ask the API about.
  const parsed = campaignIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  // The role only shapes the UI; every route checks it again.
  return <CampaignDetailView id={parsed.data.id} role={user.role} />;
}
