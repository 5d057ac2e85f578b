import { defineOperation } from "@/lib/http/operation";
import { messageIdParamsSchema, messageTimelineSchema, reportQuerySchema, summarySchema, useCaseReportSchema } from "@/lib/analytics/schemas";

export const analyticsSummaryOperation = defineOperation({
  method: "GET",
  path: "/api/v1/analytics/summary",
  summary: "Organization-level counts and rates for a period (from defaults to 30 days ago, to to now)",
  tag: "Analytics",
  scope: "analytics:read",
  query: reportQuerySchema,
  response: summarySchema,
});

export const messageTimelineOperation = defineOperation({
  method: "GET",
  path: "/api/v1/analytics/messages/{messageId}",
  summary: "One message and its event timeline, oldest first",
  tag: "Analytics",
  scope: "analytics:read",
  params: messageIdParamsSchema,
  response: messageTimelineSchema,
});

export const analyticsUseCasesOperation = defineOperation({
  method: "GET",
  path: "/api/v1/analytics/use-cases",
  summary: "Counts and rates by use case for a period, with how each was attributed (explicit or the organization's default)",
  tag: "Analytics",
  scope: "analytics:read",
  query: reportQuerySchema,
  response: useCaseReportSchema,
});
