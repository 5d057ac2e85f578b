import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { ScheduledView } from "@/components/scheduled/scheduled-view";

export const metadata: Metadata = { title: "Scheduled emails" };

export default async function ScheduledPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  // The role only shapes the UI; every route checks it again.
  return <ScheduledView role={user.role} />;
}
