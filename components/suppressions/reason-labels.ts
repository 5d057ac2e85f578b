import type { SuppressionReason } from "@/lib/suppressions/schemas";

/** How each reason reads in the list and the filter, and why an address got it. */
export const REASON_LABELS: Record<SuppressionReason, { label: string; tone: "danger" | "neutral" | "brand"; why: string }> = {
  bounce: { label: "Hard bounce", tone: "danger", why: "the receiving server said the address does not exist or refuses mail" },
  complaint: { label: "Complaint", tone: "danger", why: "the recipient marked a message as spam" },
  unsubscribe: { label: "Unsubscribed", tone: "neutral", why: "the recipient unsubscribed" },
  manual: { label: "Added by hand", tone: "brand", why: "someone added it from the dashboard or the API" },
};
