import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { SendView } from "@/components/send/send-view";

export const metadata: Metadata = { title: "Send test email" };

export default async function SendPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <SendView role={user.role} />;
}
