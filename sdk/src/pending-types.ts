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

export interface ListMessagesQuery {
  status?: string;
  to?: string;
  from?: string;
  subject?: string;
  /** name:value */
  tag?: string;
  projectId?: string;
  /** ISO 8601 */
  since?: string;
  until?: string;
  page?: number;
  perPage?: number;
  /** The nextCursor of a previous page (instead of page). */
  cursor?: string;
}

export interface MessageSummary {
  id: string;
  status: string;
  subject: string;
  createdAt: string;
  [field: string]: unknown;
}

export interface Message extends MessageSummary {
  from: string;
  to: string[];
  tags: { name: string; value: string }[];
  events: { type: string; [field: string]: unknown }[];
}

/** Paging as a v1 list answers it; nextCursor when the list pages by cursor. */
export interface PagePosition {
  page?: number;
  perPage?: number;
  total?: number;
  nextCursor?: string | null;
}
