import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { TemplatesView } from "@/components/templates/templates-view";

export const metadata: Metadata = { title: "Templates" };

export default async function TemplatesPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <TemplatesView role={user.role} />;
}
