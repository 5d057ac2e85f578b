import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { inboxIdParamsSchema } from "@/lib/inbound/schemas";
import { InboxMessageView } from "@/components/inbound/inbox-message-view";

export const metadata: Metadata = { title: "Received message" };

export default async function InboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  // Not a message id at all: nothing to ask the API about.
  const parsed = inboxIdParamsSchema.safeParse({ id: (await params).id });
  if (!parsed.success) notFound();
  // The role only shapes the UI (who may reply); every route checks it again.
  return <InboxMessageView messageId={parsed.data.id} role={user.role} />;
}
