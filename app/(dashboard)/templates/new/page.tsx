import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { NewTemplateView } from "@/components/templates/new-template-view";

export const metadata: Metadata = { title: "New template" };

export default async function NewTemplatePage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; the create route checks it again.
  return <NewTemplateView role={user.role} />;
}
