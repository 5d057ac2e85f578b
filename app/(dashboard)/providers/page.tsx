import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ProvidersView } from "@/components/providers/providers-view";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <ProvidersView role={user.role} />;
}
