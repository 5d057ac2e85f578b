import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  messageIdParamsSchema,
  messageTimelineSchema,
  reportQuerySchema,
  summaryQuerySchema,
  summarySchema,
  useCaseReportSchema,
} from "@/lib/analytics/schemas";
import { messageTimeline } from "@/lib/analytics/message-timeline";
import { reportRange } from "@/lib/analytics/report-range";
import { summaryReport } from "@/lib/analytics/reports";
import { useCaseReport } from "@/lib/analytics/use-case-report";
import { getSentMessage, listSentMessages } from "@/lib/analytics/sent-messages";
import {
  sentMessageSchema,
  sentMessagesPaginationSchema,
  sentMessagesQuerySchema,
  sentMessageSummarySchema,
} from "@/lib/analytics/sent-message-schemas";

export const analyticsSummaryOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/analytics/summary",
    summary:
      "Organization-level counts and rates for a period (from defaults to 30 days ago, to to now); with tag=name:value, of the messages carrying that tag",
    tag: "Analytics",
    scope: "analytics:read",
    query: summaryQuerySchema,
    response: summarySchema,
  },
  async ({ principal, query }) => ({
    data: await summaryReport(await reportRange(principal, query), query.tag),
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

export const listMessagesOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/email/messages",
    summary:
      "The organization's messages, newest first, filtered by status, to, from, subject, tag, projectId, since and until; by page or by cursor (pagination.nextCursor)",
    tag: "Email",
    scope: "analytics:read",
    query: sentMessagesQuerySchema,
    response: z.array(sentMessageSummarySchema),
    paginated: true,
    pagination: sentMessagesPaginationSchema,
  },
  async ({ principal, query }) => listSentMessages({ principal, query }),
);

export const getMessageOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/email/messages/{messageId}",
    summary:
      "One message: addresses, status and each recipient's, provider, tags, metadata, html and text (until retention removes them), and its events",
    tag: "Email",
    scope: "analytics:read",
    params: messageIdParamsSchema,
    response: sentMessageSchema,
  },
  async ({ principal, params }) => ({ data: await getSentMessage({ principal, id: params.messageId }) }),
);
