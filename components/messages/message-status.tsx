import { Badge } from "@/components/ui/badge";

const TONES: Record<string, "brand" | "success" | "danger"> = { queued: "brand", sent: "success", failed: "danger" };

/** queued, sent or failed; any other state the API may grow is shown as it is. */
export function MessageStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? "neutral"}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
