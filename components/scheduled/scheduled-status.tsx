import type { ScheduledEmail } from "@/hooks/scheduled";
import { Badge } from "@/components/ui/badge";

type Status = ScheduledEmail["status"];

const TONES = { scheduled: "brand", sending: "brand", sent: "success", failed: "danger", cancelled: "neutral" } as const satisfies Record<
  Status,
  string
>;

export function ScheduledStatusBadge({ status }: { status: Status }) {
  return <Badge tone={TONES[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
