import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { GettingStarted } from "@/components/overview/getting-started";
import { OverviewView } from "@/components/overview/overview-view";
import { NamePrompt } from "@/components/account/name-prompt";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requireUser();
  return (
    <div>
      <h1 className="text-2xl font-semibold">Overview</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Welcome{user.name ? `, ${user.name}` : ""}.</p>
      {!user.name && <NamePrompt />}
      {/* The checklist reads the product's own routes; it folds away once every step is done. */}
      <GettingStarted email={user.email} orgId={user.orgId} role={user.role} />
      {/* The role only shapes the UI; every route checks it again. */}
      <OverviewView role={user.role} />
    </div>
  );
}
