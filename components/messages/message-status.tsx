import { Badge } from "@/components/ui/badge";

const TONES: Record<string, "brand" | "success" | "danger"> = {
  queued: "brand",
  sent: "brand",
  delivered: "success",
  opened: "success",
  clicked: "success",
  failed: "danger",
  bounced: "danger",
  complained: "danger",
};

/** The words shown for a status; deferred is shown as the provider means it. */
const LABELS: Record<string, string> = { deferred: "Delivery delayed" };

export const statusLabel = (status: string) => LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

/** What the provider last reported (lib/events/message-status.ts); any other state the API may grow is shown as it is. */
export function MessageStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? "neutral"}>{statusLabel(status)}</Badge>;
}
