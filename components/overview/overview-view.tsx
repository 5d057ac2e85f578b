"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import {
  useAnalyticsSummary,
  useBounceReport,
  useDeliveryReport,
  useUseCaseReport,
  type DeliveryReport,
  type ReportFilter,
} from "@/hooks/analytics";
import { useProjects } from "@/hooks/projects";
import { useCurrentProject } from "@/components/layout/use-current-project";
import { ErrorBanner } from "@/components/ui/error-banner";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ReportFilters } from "@/components/overview/report-filters";
import { SummaryCards, SummaryCardsSkeleton } from "@/components/overview/summary-cards";
import { DailyChart } from "@/components/overview/daily-chart";
import { BreakdownTable } from "@/components/overview/breakdown-table";
import { BounceReasons } from "@/components/overview/bounce-reasons";
import { SERIES } from "@/components/overview/series";

const quiet = (report: DeliveryReport) => report.dailyStats.every((d) => SERIES.every((s) => d[s.key] === 0));

/** The period's activity: totals and rates, a chart per day, providers, use cases and bounce reasons. */
export function OverviewView({ role }: { role: Role }) {
  const canSend = roleHas(role, "email.send");
  const [days, setDays] = useState<ReportFilter["days"]>(30);
  // The project is the dashboard's current one (the header's switcher): choosing here changes it there.
  const [projectId, setProjectId] = useCurrentProject();
  const filter: ReportFilter = { days, projectId };
  const projects = useProjects();
  const summary = useAnalyticsSummary(filter);
  const delivery = useDeliveryReport(filter);
  const bounces = useBounceReport(filter);
  const useCases = useUseCaseReport(filter);
  const reports = [summary, delivery, bounces, useCases];
  const failed = reports.find((r) => r.error)?.error;
  const switching = reports.some((r) => r.isPlaceholderData);

  return (
    <section aria-labelledby="activity-heading" className="mt-8">
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="activity-heading" className="text-lg font-semibold">
            Activity
          </h2>
          <p className="mt-1 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">
            What happened to your email once it left: deliveries, opens and clicks as providers report them, counted per recipient. Opens
            and clicks by bots are left out; days are UTC days.
          </p>
        </div>
        <ReportFilters
          value={filter}
          onChange={(next) => {
            setDays(next.days);
            if (next.projectId !== projectId) setProjectId(next.projectId);
          }}
          projects={projects.data}
        />
      </div>

      {failed ? (
        <ErrorBanner message={failed.message} onRetry={() => reports.forEach((r) => r.refetch())} />
      ) : !summary.data || !delivery.data || !bounces.data ? (
        <div role="status" aria-busy="true" className="space-y-4">
          <span className="sr-only">Loading activity…</span>
          <SummaryCardsSkeleton />
          <Skeleton className="h-80 w-full rounded-lg" />
        </div>
      ) : (
        <div aria-busy={switching || undefined} className={`space-y-4 ${switching ? "opacity-60 transition-opacity" : ""}`}>
          <SummaryCards summary={summary.data} />
          {quiet(delivery.data) ? (
            <EmptyState
              title={`Nothing sent in the last ${filter.days} days${filter.projectId ? " in this project" : ""}`}
              action={canSend ? { label: "Send an email", href: "/send" } : undefined}
              secondary={days < 90 ? { label: "Show the last 90 days", onClick: () => setDays(90) } : undefined}
            >
              {canSend
                ? "Send an email from the Send page or with your API key; its delivery, opens, clicks and bounces are charted here as the provider reports them."
                : "Once your team sends email, its delivery, opens, clicks and bounces are charted here. Viewers cannot send; ask a member, admin or owner."}
            </EmptyState>
          ) : (
            <>
              <DailyChart days={delivery.data.dailyStats} />
              <BreakdownTable
                id="provider"
                title="By provider"
                dimension="Provider"
                rows={delivery.data.providerBreakdown.map((p) => ({ key: p.provider, label: p.provider, ...p }))}
                empty="No provider sent anything in this period."
              />
              {useCases.data && (
                <BreakdownTable
                  id="use-case"
                  title="By use case"
                  dimension="Use case"
                  rows={useCases.data.useCases.map((u) => ({
                    key: u.useCaseId ?? "none",
                    label: u.useCaseId === null ? "No use case" : (u.name ?? "Deleted use case"),
                    ...u,
                  }))}
                  empty="Nothing was sent in this period."
                />
              )}
              <BounceReasons report={bounces.data} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
