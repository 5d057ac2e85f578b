import type { WebhookDelivery } from "@/hooks/webhooks";
import { Badge } from "@/components/ui/badge";

type Status = WebhookDelivery["status"];

const TONES = {
  pending: "brand",
  delivering: "brand",
  succeeded: "success",
  failed: "danger",
  cancelled: "neutral",
} as const satisfies Record<Status, string>;

/** A delivery's state in words: a pending delivery that was tried already is waiting to retry. */
export function deliveryStatusLabel(status: Status, attempts: number): string {
  if (status === "pending") return attempts > 0 ? "Retrying" : "Queued";
  if (status === "delivering") return "Sending";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function DeliveryStatusBadge({ status, attempts }: { status: Status; attempts: number }) {
  return <Badge tone={TONES[status]}>{deliveryStatusLabel(status, attempts)}</Badge>;
}
