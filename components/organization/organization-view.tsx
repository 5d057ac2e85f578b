"use client";
// Organization settings: name, plan and this month's use of the allowance, default project,
// tracking default, and how long each kind of data is kept.
// Everyone in the organization may read it; owners and admins change it (org.manage).
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useOrganization, useUpdateOrganization } from "@/hooks/organization";
import { PLANS, type Plan } from "@/lib/orgs/plans";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Badge } from "@/components/ui/badge";
import { AllowanceMeter } from "@/components/organization/allowance-meter";
import { RenameForm } from "@/components/organization/rename-form";
import { DefaultProjectSelect } from "@/components/organization/default-project-select";
import { RetentionForm } from "@/components/organization/retention-form";

const section = "rounded-lg border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900";

export function OrganizationView({ role }: { role: Role }) {
  const canManage = roleHas(role, "org.manage");
  const org = useOrganization();
  const tracking = useUpdateOrganization();

  return (
    <>
      <PageHeader
        title="Organization"
        description="Your organization's name, plan and this month's sending, and the defaults every project shares."
      />
      <QueryState
        query={org}
        loading={
          <div role="status" aria-busy="true" className="space-y-4">
            <span className="sr-only">Loading the organization…</span>
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        }
      >
        {(data) => (
          <div className="space-y-6">
            <section aria-labelledby="org-plan" className={section}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="org-plan" className="text-lg font-semibold">
                  Plan
                </h2>
                <Badge tone="brand">{Object.hasOwn(PLANS, data.plan) ? PLANS[data.plan as Plan].label : data.plan}</Badge>
                <Badge tone={data.sendMode === "production" ? "success" : "neutral"}>
                  {data.sendMode === "production" ? "Production" : "Test mode"}
                </Badge>
              </div>
              <div className="mt-4">
                <AllowanceMeter org={data} />
              </div>
              <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
                Providers: up to {data.providerQuota ?? "any number"} on this plan. To change plan or allowance, contact the people who run
                this Mailroom installation.
              </p>
            </section>

            <section aria-labelledby="org-settings" className={section}>
              <h2 id="org-settings" className="text-lg font-semibold">
                Settings
              </h2>
              <div className="mt-4 max-w-md">
                <RenameForm name={data.name} canManage={canManage} />
              </div>
              <div className="mt-6 max-w-md">
                <DefaultProjectSelect defaultProjectId={data.defaultProjectId} canManage={canManage} />
              </div>
              <div className="mt-6 flex items-start gap-3">
                <input
                  id="org-tracking"
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  checked={data.trackingEnabled}
                  disabled={!canManage}
                  aria-describedby="org-tracking-hint"
                  onChange={(e) => tracking.mutate({ trackingEnabled: e.target.checked })}
                />
                <div>
                  <label htmlFor="org-tracking" className="text-sm font-medium">
                    Track opens and clicks
                  </label>
                  <p id="org-tracking-hint" className="text-xs text-zinc-500 dark:text-zinc-400">
                    On: marketing sends get an open pixel and tracked links (transactional sends only when they ask). Off: no tracking at
                    all.
                    {!canManage && " Only owners and admins can change this."}
                  </p>
                </div>
              </div>
            </section>

            <section aria-labelledby="org-retention" className={section}>
              <h2 id="org-retention" className="text-lg font-semibold">
                Retention
              </h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                How long this organization keeps each kind of data. Keep any of them for less time than this installation does, never
                longer; report totals stay either way.
              </p>
              <div className="mt-4">
                <RetentionForm retention={data.retention} canManage={canManage} />
              </div>
            </section>
          </div>
        )}
      </QueryState>
    </>
  );
}
