import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { NewTemplateView } from "@/components/templates/new-template-view";

export const metadata: Metadata = { title: "New template" };

export default async function NewTemplatePage() {
  const user = await requireUser();
  // The role only shapes the UI; the create route checks it again.
  return <NewTemplateView role={user.role} />;
}
