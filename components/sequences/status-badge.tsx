import { Badge } from "@/components/ui/badge";

export function SequenceStatusBadge({ status }: { status: "active" | "paused" }) {
  return status === "active" ? <Badge tone="success">Active</Badge> : <Badge>Paused</Badge>;
}
