import { Badge } from "@/components/ui/badge";
import type { CampaignStatus } from "@/lib/campaigns/schemas";

const LOOK: Record<CampaignStatus, { tone: "neutral" | "brand" | "success" | "danger"; label: string }> = {
  draft: { tone: "neutral", label: "Draft" },
  scheduled: { tone: "brand", label: "Scheduled" },
  sending: { tone: "brand", label: "Sending" },
  paused: { tone: "danger", label: "Paused" },
  sent: { tone: "success", label: "Sent" },
  cancelled: { tone: "neutral", label: "Cancelled" },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { tone, label } = LOOK[status];
  return <Badge tone={tone}>{label}</Badge>;
}
