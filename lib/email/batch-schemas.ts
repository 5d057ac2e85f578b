// POST /api/v1/email/batch (and the legacy /api/email/batch): a JSON array of 1 to 100 send
// bodies, each exactly the v1 send body, and the answer's one entry per item, in order.
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors/app-error";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { MAX_URL_ATTACHMENTS, sendResultSchema, v1SendEmailSchema } from "@/lib/email/schemas";
import { scheduledEmailSchema, sendTimeProblem } from "@/lib/scheduling/schemas";

export const MAX_BATCH_ITEMS = 100;

/** The whole batch carries at most what one send may: 40 MiB, attachments included. A hundred
 * ordinary messages take well under 1 MiB; a batch with large attachments is better split. */
export const BATCH_BODY_LIMIT = SEND_BODY_LIMIT;

export const batchSendSchema = z
  .array(v1SendEmailSchema)
  .min(1, "give at least one email")
  .max(MAX_BATCH_ITEMS, `at most ${MAX_BATCH_ITEMS} emails in one batch`)
  // An item's scheduledAt (perhaps relative) is checked with the rest of the body, so a time in
  // the past refuses the whole batch before anything is sent (scheduleEmail checks it again).
  .superRefine((items, ctx) => {
    // Attachments by URL are fetched when each item goes, a scheduled one later on its own: one
    // request may ask for no more fetches than one message may.
    const urls = items.reduce((n, item) => n + item.attachments.filter((a) => a.path !== undefined).length, 0);
    if (urls > MAX_URL_ATTACHMENTS)
      ctx.addIssue({ code: "custom", path: [], message: `at most ${MAX_URL_ATTACHMENTS} attachments given by path (URL) in one batch` });
    const now = Date.now();
    items.forEach((item, i) => {
      const problem = item.scheduledAt ? sendTimeProblem(item.scheduledAt, now) : null;
      if (problem) ctx.addIssue({ code: "custom", path: [i, "scheduledAt"], message: problem });
    });
  })
  .describe(`1 to ${MAX_BATCH_ITEMS} send bodies, each as POST /api/v1/email/send takes it`);

export type BatchItem = z.output<typeof batchSendSchema>[number];

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** An item refused on its own: the error a single send would have answered with, without its status. */
export const batchItemErrorSchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
});

export const batchResultSchema = z
  .array(z.union([sendResultSchema, scheduledEmailSchema, batchItemErrorSchema]))
  .describe("one entry per item, in order: the send result, the scheduled email (with scheduledAt), or {error, code}");

export type BatchEntry = z.output<typeof batchResultSchema>[number];
