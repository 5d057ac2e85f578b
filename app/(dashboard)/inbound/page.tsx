import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { InboundView } from "@/components/inbound/inbound-view";

export const metadata: Metadata = { title: "Inbound" };

export default async function InboundPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <InboundView role={user.role} />;
}
