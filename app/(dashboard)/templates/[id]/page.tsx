import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { templateIdParamsSchema } from "@/lib/templates/schemas";
import { TemplateDetailView } from "@/components/templates/template-detail-view";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // Not a template id at all: nothing to ask the API about.
  const parsed = templateIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  // The role only shapes the UI; every route checks it again.
  return <TemplateDetailView templateId={parsed.data.id} role={user.role} />;
}
