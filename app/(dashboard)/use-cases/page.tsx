import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { UseCasesView } from "@/components/use-cases/use-cases-view";

export const metadata: Metadata = { title: "Use cases" };

export default async function UseCasesPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <UseCasesView role={user.role} />;
}
