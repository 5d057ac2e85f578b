import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { v1SendEmailSchema } from "@/lib/email/schemas";
import { momentOf } from "@/lib/scheduling/relative-time";

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

/** What is wrong with a send time (ISO, or relative counted from `now`): null when it is in the future and at most 365 days ahead. */
export function sendTimeProblem(value: string, now: number): string | null {
  const when = momentOf(value, now).getTime();
  if (when <= now) return "must be in the future";
  if (when > now + MAX_SCHEDULE_AHEAD_MS) return "must be at most 365 days ahead";
  return null;
}

const { scheduledAt, maxRetries, ...sendFields } = v1SendEmailSchema.shape;

/** A change names at least one field (`id` and `idempotencyKey` are the MCP tool's, not fields). */
export const changesSomething = (b: Record<string, unknown>) =>
  Object.entries(b).some(([k, v]) => k !== "id" && k !== "idempotencyKey" && v !== undefined);
export const NOTHING_TO_CHANGE = "give at least one field to change";

/** A send field as a change gives it: absent (kept), null (removed) or a new value, without the send body's default. */
const changed = (field: z.ZodType) => (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).nullable().optional();

/**
 * PATCH /api/v1/email/scheduled/{id}: any of the v1 send body's fields (null removes one),
 * scheduledAt and maxRetries. What results must be a whole send body, as POST would take it.
 */
export const updateScheduledSchema = z
  .object(Object.fromEntries(Object.entries(sendFields).map(([name, field]) => [name, changed(field)])) as Record<string, z.ZodType>)
  .extend({ scheduledAt: scheduledAt.unwrap().optional(), maxRetries })
  .strict()
  .refine(changesSomething, NOTHING_TO_CHANGE);
/** The parsed change: send fields by name (null: remove), and the time and retries. */
export type ScheduledChange = { [field: string]: unknown } & { scheduledAt?: string; maxRetries?: number };
