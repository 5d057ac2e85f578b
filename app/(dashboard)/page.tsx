import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { roleHas } from "@/lib/auth/permissions";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { listMembers } from "@/lib/members/list-members";
import { GettingStarted, type Step } from "@/components/overview/getting-started";
import { OverviewView } from "@/components/overview/overview-view";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  const [keys, members] = await Promise.all([listApiKeys({ orgId: user.orgId }), listMembers({ orgId: user.orgId })]);
  const canManage = roleHas(user.role, "keys.manage");

  const steps: Step[] = [
    {
      done: keys.some((k) => !k.revokedAt),
      title: "Create an API key",
      href: "/api-keys",
      action: canManage ? "Create a key" : "View keys",
      detail: canManage ? "Your servers send it as a Bearer token; grant only the scopes they need." : "Ask an owner or admin to create one for you.",
    },
    {
      done: members.length > 1,
      title: "Add a member",
      href: "/members",
      action: canManage ? "Add a member" : "View members",
      detail: canManage ? "Invite a teammate and pick what their role allows." : "Owners and admins can add teammates.",
    },
  ];

  return (
    <div>
      <h1 className="text-2xl font-semibold">Overview</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Welcome{user.name ? `, ${user.name}` : ""}.</p>
      {/* Once every step is done the checklist has served its purpose and the activity leads. */}
      {steps.some((s) => !s.done) && <GettingStarted steps={steps} />}
      {/* The role only shapes the UI; every route checks it again. */}
      <OverviewView role={user.role} />
    </div>
  );
}
