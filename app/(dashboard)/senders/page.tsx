import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { SendersView } from "@/components/senders/senders-view";

export const metadata: Metadata = { title: "Senders" };

export default async function SendersPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <SendersView role={user.role} />;
}
