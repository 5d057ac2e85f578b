import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { InboundView } from "@/components/inbound/inbound-view";

export const metadata: Metadata = { title: "Inbound" };

export default async function InboundPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <InboundView role={user.role} />;
}
