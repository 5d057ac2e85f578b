import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { UseCasesView } from "@/components/use-cases/use-cases-view";

export const metadata: Metadata = { title: "Use cases" };

export default async function UseCasesPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <UseCasesView role={user.role} />;
}
