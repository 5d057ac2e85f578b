import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { SendView } from "@/components/send/send-view";

export const metadata: Metadata = { title: "Send test email" };

export default async function SendPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <SendView role={user.role} />;
}
