import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { MessagesView } from "@/components/messages/messages-view";

export const metadata: Metadata = { title: "Messages" };

export default async function MessagesPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <MessagesView role={user.role} />;
}
