// Hand-written, deliberately narrow types for operations that are not in the generated
// OpenAPI types yet (src/types.ts uses the generated ones as soon as they are there). Only what
// the client relies on is spelled out; every other field of the answer is still there at run time.

/** PATCH /api/v1/email/scheduled/{id}: scheduledAt and/or send fields; null removes a field. */
export interface UpdateScheduledBody {
  scheduledAt?: string;
  maxRetries?: number;
  [field: string]: unknown;
}

/** One item's outcome in a batch answer, in the order of the items. */
export type BatchEntry = { id: string; status: string; [field: string]: unknown } | { error: string; code: string };
