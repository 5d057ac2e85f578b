import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { ProvidersView } from "@/components/providers/providers-view";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <ProvidersView role={user.role} />;
}
