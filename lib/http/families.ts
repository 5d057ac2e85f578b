// The API families' answers (SPEC Errors): v1 errors are {error, code, requestId}, legacy ones
// {error, code}; an invalid or missing key is exactly {error: "Invalid API key"} in both.
// Routes with a protocol of their own (OAuth, next-auth, Inngest, health) are the plain family:
// logged like every request, their answers left as they are.
import type { AppError } from "@/lib/errors/app-error";
import type { Family } from "@/lib/http/handle-request";

const invalidKey = (e: AppError) => e.code === "INVALID_API_KEY";

export const v1Family: Family = {
  errorBody: (e, requestId) => (invalidKey(e) ? { error: e.message } : { error: e.message, code: e.code, requestId }),
  requestIdHeader: true,
};

export const legacyFamily: Family = {
  errorBody: (e) => (invalidKey(e) ? { error: e.message } : { error: e.message, code: e.code }),
  requestIdHeader: true,
};

export const plainFamily: Family = { ...legacyFamily, requestIdHeader: false };
