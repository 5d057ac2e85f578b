// The one error the client throws: an API answer other than 2xx, a request that never got an
// answer, or a webhook that does not verify.

/** A field the server named in a validation error. */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface MailroomErrorInit {
  message: string;
  /** The HTTP status, or null when there was no answer (network failure, webhook verification). */
  status: number | null;
  /** The API's error code (VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED, …), or the client's own (NETWORK_ERROR, …). */
  code: string;
  requestId?: string | null;
  details?: FieldIssue[];
  cause?: unknown;
}

export class MailroomError extends Error {
  override readonly name = "MailroomError";
  readonly status: number | null;
  readonly code: string;
  /** The request id (X-Request-Id): quote it when asking about a request. */
  readonly requestId: string | null;
  /** Per-field issues of a VALIDATION_ERROR; empty otherwise. */
  readonly details: FieldIssue[];

  constructor(init: MailroomErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? [];
  }
}

/** Codes for failures that are not an API answer. */
export const CLIENT_CODES = {
  network: "NETWORK_ERROR",
  timeout: "TIMEOUT",
  badResponse: "INVALID_RESPONSE",
  webhookHeaders: "WEBHOOK_MISSING_HEADERS",
  webhookTimestamp: "WEBHOOK_TIMESTAMP_OUT_OF_RANGE",
  webhookSignature: "WEBHOOK_INVALID_SIGNATURE",
  webhookBody: "WEBHOOK_INVALID_BODY",
} as const;

/**
 * A VALIDATION_ERROR's issues. The server's message is "Invalid request: <path>: <message>; …"
 * (lib/errors/app-error.ts); an answer that carries `details` itself is taken as it is.
 */
export function validationDetails(body: { error?: unknown; code?: unknown; details?: unknown }): FieldIssue[] {
  if (Array.isArray(body.details)) return body.details as FieldIssue[];
  if (body.code !== "VALIDATION_ERROR" || typeof body.error !== "string") return [];
  const text = body.error.replace(/^Invalid request: /, "");
  return text
    .split("; ")
    .map((part) => {
      const at = part.indexOf(": ");
      return at > 0 ? { path: part.slice(0, at), message: part.slice(at + 2) } : null;
    })
    .filter((issue): issue is FieldIssue => issue !== null && /^(body|query|params|headers)\b/.test(issue.path));
}

/** The MailroomError of a non-2xx answer: its body is {error, code, requestId} (or {error} for a bad key). */
export function errorFromAnswer(status: number, body: unknown, headerRequestId: string | null): MailroomError {
  const b = (body && typeof body === "object" ? body : {}) as { error?: unknown; code?: unknown; requestId?: unknown; details?: unknown };
  const code = typeof b.code === "string" ? b.code : status === 401 ? "INVALID_API_KEY" : `HTTP_${status}`;
  return new MailroomError({
    message: typeof b.error === "string" ? b.error : `The API answered ${status}`,
    status,
    code,
    requestId: typeof b.requestId === "string" ? b.requestId : headerRequestId,
    details: validationDetails({ ...b, code }),
  });
}
