// TanStack hook for one page of a project's audit log (GET /api/audit).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { auditEntrySchema, auditPageSchema } from "@/lib/audit/schemas";
import type { SendMode } from "@/lib/safety/schemas";
import { fetchJson } from "@/hooks/fetch-json";

export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditPage = z.output<typeof auditPageSchema>;

export interface AuditParams {
  projectId: string;
  limit: number;
  offset: number;
  /** ISO 8601 date-times. */
  startDate?: string;
  endDate?: string;
  sendMode?: SendMode;
}

export function auditUrl(params: AuditParams): string {
  const search = new URLSearchParams({ projectId: params.projectId, limit: String(params.limit), offset: String(params.offset) });
  if (params.startDate) search.set("startDate", params.startDate);
  if (params.endDate) search.set("endDate", params.endDate);
  if (params.sendMode) search.set("sendMode", params.sendMode);
  return `/api/audit?${search}`;
}

/** Waits for a project; keeps the previous page on screen while the next one loads. */
export function useAudit(params: AuditParams | null) {
  return useQuery({
    queryKey: ["audit", params],
    queryFn: () => fetchJson<AuditPage>(auditUrl(params!)),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
