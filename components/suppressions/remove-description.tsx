import type { Suppression, SuppressionReason } from "@/hooks/suppressions";
import { REASON_LABELS } from "@/components/suppressions/reason-labels";

const AFTERWARDS: Record<SuppressionReason, string> = {
  bounce: "If it bounces hard again, it comes back on the list by itself.",
  complaint: "Only remove it if the recipient has asked to receive your email again.",
  unsubscribe: "Only remove it if the recipient has asked to receive your email again.",
  manual: "A hard bounce, complaint or unsubscribe would put it back on the list by itself.",
};

/** What removing an address means, with a warning when the recipient asked for no more mail. */
export function RemoveDescription({ suppression: s }: { suppression: Suppression }) {
  return (
    <>
      Mail to <strong className="break-all">{s.email}</strong> will be sent again. It was suppressed because {REASON_LABELS[s.reason].why}.{" "}
      {AFTERWARDS[s.reason]}
    </>
  );
}
