import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { messageIdParamsSchema } from "@/lib/analytics/schemas";
import { MessageDetailView } from "@/components/messages/message-detail-view";

export const metadata: Metadata = { title: "Message" };

export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  await requireUser();
  // Not a message id at all: nothing to ask the API about.
  const parsed = messageIdParamsSchema.safeParse({ messageId: (await params).id });
  if (!parsed.success) notFound();
  // The route checks analytics.view again; every role has it.
  return <MessageDetailView messageId={parsed.data.messageId} />;
}
