import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { endpointIdParamsSchema } from "@/lib/webhooks/schemas";
import { DeliveriesView } from "@/components/webhooks/deliveries-view";

export const metadata: Metadata = { title: "Webhook deliveries" };

export default async function WebhookDeliveriesPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  // Not an endpoint id at all: nothing to ask the API about.
  const parsed = endpointIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  // The role only shapes the UI; every route checks it again.
  return <DeliveriesView endpointId={parsed.data.id} role={user.role} />;
}
