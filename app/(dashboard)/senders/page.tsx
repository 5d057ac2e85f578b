import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { SendersView } from "@/components/senders/senders-view";

export const metadata: Metadata = { title: "Senders" };

export default async function SendersPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <SendersView role={user.role} />;
}
