import { defineOperation } from "@/lib/http/operation";
import {
  messageIdParamsSchema,
  messageTimelineSchema,
  reportQuerySchema,
  summarySchema,
  useCaseReportSchema,
} from "@/lib/analytics/schemas";
import { messageTimeline } from "@/lib/analytics/message-timeline";
import { reportRange } from "@/lib/analytics/report-range";
import { summaryReport } from "@/lib/analytics/reports";
import { useCaseReport } from "@/lib/analytics/use-case-report";

export const analyticsSummaryOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/analytics/summary",
    summary: "Organization-level counts and rates for a period (from defaults to 30 days ago, to to now)",
    tag: "Analytics",
    scope: "analytics:read",
    query: reportQuerySchema,
    response: summarySchema,
  },
  async ({ principal, query }) => ({
    data: await summaryReport(await reportRange(principal, query)),
  }),
);

export const analyticsUseCasesOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/analytics/use-cases",
    summary: "Counts and rates by use case for a period, with how each was attributed (explicit or the organization's default)",
    tag: "Analytics",
    scope: "analytics:read",
    query: reportQuerySchema,
    response: useCaseReportSchema,
  },
  async ({ principal, query }) => ({
    data: await useCaseReport(await reportRange(principal, query)),
  }),
);

export const messageTimelineOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/analytics/messages/{messageId}",
    summary: "One message and its event timeline, oldest first",
    tag: "Analytics",
    scope: "analytics:read",
    params: messageIdParamsSchema,
    response: messageTimelineSchema,
  },
  async ({ principal, params }) => ({
    data: await messageTimeline({ principal, id: params.messageId }),
  }),
);
