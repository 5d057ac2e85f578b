import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { templateIdParamsSchema } from "@/lib/templates/schemas";
import { TemplateDetailView } from "@/components/templates/template-detail-view";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  // Not a template id at all: nothing to ask the API about.
  const parsed = templateIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  // The role only shapes the UI; every route checks it again.
  return <TemplateDetailView templateId={parsed.data.id} role={user.role} />;
}
