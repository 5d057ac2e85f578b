import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";

export const SCHEDULED_STATUSES = ["scheduled", "sending", "sent", "failed", "cancelled"] as const;

/** SPEC's scheduled email. */
export const scheduledEmailSchema = z.object({
  id: z.uuid(),
  emailData: z.record(z.string(), z.unknown()).describe("the send body, as given"),
  scheduledFor: timestamp,
  status: z.enum(SCHEDULED_STATUSES),
  retryCount: z.number().int(),
  maxRetries: z.number().int(),
  result: z.unknown().nullable().describe("the send result once sent"),
  error: z.string().nullable(),
  createdAt: timestamp,
  sentAt: nullableTimestamp,
});

/** GET /api/email/schedule: 1-based page and items per page. */
export const scheduleListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const scheduleListSchema = z.object({
  data: z.array(scheduledEmailSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Any string: an id that is not ours (or not an id at all) is simply not found. */
export const scheduledIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const cancelResultSchema = z.object({ cancelled: z.boolean() });

/** How long ahead a send may be scheduled (DESIGN.md §4). */
export const MAX_SCHEDULE_AHEAD_MS = 365 * 24 * 3_600_000;
