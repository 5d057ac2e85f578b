import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { WebhooksView } from "@/components/webhooks/webhooks-view";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <WebhooksView role={user.role} />;
}
