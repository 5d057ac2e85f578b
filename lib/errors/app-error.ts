// One error class and one code-to-status table for both API families (DESIGN.md §4).
import type { z } from "zod";

export const ERROR_STATUS = {
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  SCOPE_DENIED: 403,
  PERMISSION_DENIED: 403,
  PLAN_LIMIT_REACHED: 403,
  TEST_MODE_RECIPIENT: 403,
  BULK_SEND_REQUIRES_2FA: 403,
  SENDER_NOT_VERIFIED: 403,
  SESSION_ONLY: 403,
  CROSS_SITE_REQUEST: 403,
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  NO_PROVIDER_CAPACITY: 429,
  QUOTA_EXCEEDED: 429,
  PROVIDER_REJECTED: 400,
  TEMPLATE_NOT_FOUND: 400,
  RECIPIENT_SUPPRESSED: 422,
  ATTACHMENT_FETCH_FAILED: 422,
  INTERNAL_ERROR: 500,
  SEND_FAILED: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = "Resource") => new AppError("NOT_FOUND", `${what} not found`);

/** Turns zod issues into a readable message plus per-field details. */
export function validationError(issues: z.core.$ZodIssue[], where = "body"): AppError {
  const details = issues.map((i) => ({ path: [where, ...i.path.map(String)].join("."), message: i.message }));
  const message = details.map((d) => `${d.path}: ${d.message}`).join("; ");
  return new AppError("VALIDATION_ERROR", `Invalid request: ${message}`, details);
}
