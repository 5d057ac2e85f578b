import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { sequenceIdParamsSchema } from "@/lib/sequences/schemas";
import { SequenceDetailView } from "@/components/sequences/sequence-detail-view";

export const metadata: Metadata = { title: "Sequence" };

export default async function SequencePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  // Not a sequence id at all: nothing to ask the API about.
  const parsed = sequenceIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  // The role only shapes the UI; every route checks it again.
  return <SequenceDetailView id={parsed.data.id} role={user.role} />;
}
