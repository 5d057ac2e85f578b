// TanStack hooks for the overview's reports: GET /api/analytics/summary, /bounce-report and
// /delivery-report, for a period of whole UTC days ending today, optionally one project.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { bounceReportSchema, deliveryReportSchema, summarySchema, useCaseReportSchema } from "@/lib/analytics/schemas";
import { fetchJson, fetchV1 } from "@/hooks/fetch-json";

export type AnalyticsSummary = z.output<typeof summarySchema>;
export type BounceReport = z.output<typeof bounceReportSchema>;
export type DeliveryReport = z.output<typeof deliveryReportSchema>;
export type DailyStat = DeliveryReport["dailyStats"][number];
export type ProviderStat = DeliveryReport["providerBreakdown"][number];
export type UseCaseReport = z.output<typeof useCaseReportSchema>;

export const PERIODS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];

export interface ReportFilter {
  days: PeriodDays;
  /** null: every project of the organization. */
  projectId: string | null;
}

const DAY_MS = 86_400_000;

/**
 * From the start of the UTC day `days - 1` days ago to now: the daily stats then hold exactly
 * `days` days, today included. Worked out when the query runs, so a refetch moves "now" on.
 */
export function reportUrl(
  report: "summary" | "bounce-report" | "delivery-report" | "use-cases",
  { days, projectId }: ReportFilter,
): string {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const search = new URLSearchParams({ from: from.toISOString(), to: now.toISOString() });
  if (projectId) search.set("projectId", projectId);
  // The use-case breakdown is a v1 report (sessions may call v1 routes).
  return report === "use-cases" ? `/api/v1/analytics/use-cases?${search}` : `/api/analytics/${report}?${search}`;
}

const reportQuery = <T>(report: Parameters<typeof reportUrl>[0], filter: ReportFilter) => ({
  queryKey: ["analytics", report, filter.days, filter.projectId],
  queryFn: () => (report === "use-cases" ? fetchV1<T> : fetchJson<T>)(reportUrl(report, filter)),
  // The last period's figures stay on screen while another period loads.
  placeholderData: keepPreviousData,
  // Delivery, open and click events keep arriving after a send.
  refetchInterval: 30_000,
});

export function useAnalyticsSummary(filter: ReportFilter) {
  return useQuery(reportQuery<AnalyticsSummary>("summary", filter));
}

export function useDeliveryReport(filter: ReportFilter) {
  return useQuery(reportQuery<DeliveryReport>("delivery-report", filter));
}

export function useBounceReport(filter: ReportFilter) {
  return useQuery(reportQuery<BounceReport>("bounce-report", filter));
}

export function useUseCaseReport(filter: ReportFilter) {
  return useQuery(reportQuery<UseCaseReport>("use-cases", filter));
}
