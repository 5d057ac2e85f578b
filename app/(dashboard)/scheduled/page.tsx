import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ScheduledView } from "@/components/scheduled/scheduled-view";

export const metadata: Metadata = { title: "Scheduled emails" };

export default async function ScheduledPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <ScheduledView role={user.role} />;
}
