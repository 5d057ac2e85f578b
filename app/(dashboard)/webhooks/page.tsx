import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { WebhooksView } from "@/components/webhooks/webhooks-view";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <WebhooksView role={user.role} />;
}
