// One message submitted over SMTP, sent as POST /api/v1/email/send sends it: the key is
// authenticated again (it may have been revoked since AUTH, and each message counts against its
// rate limit as a request does), the MIME becomes the send body, and sendOrSchedule does the
// rest (the key's project, test mode, verified senders, suppressions, providers, the audit entry).
import { authenticateKey, INVALID_API_KEY } from "@/lib/http/authenticate";
import { applyKeyRate } from "@/lib/http/rate-limit-key";
import { authorize } from "@/lib/auth/authorize";
import { sendOrSchedule } from "@/lib/email/send-or-schedule";
import { toSendBody, type SubmissionEnvelope } from "@/lib/submission/to-send-body";
import { findActiveKey } from "@/lib/api-keys/find-active-key";
import { AppError } from "@/lib/errors/app-error";
import { keyHasScope } from "@/lib/auth/permissions";

/** The scope a key needs to send over SMTP, as for POST /api/v1/email/send. */
const SEND_SCOPE = { scope: "email:send" } as const;

/** At AUTH: the key's id when the password is an active key with email:send; else an AppError.
 * Not counted against the key's rate: the messages sent are. */
export async function checkSubmissionKey(password: string): Promise<string> {
  const key = await findActiveKey(password);
  if (!key) throw new AppError("INVALID_API_KEY", INVALID_API_KEY);
  if (!keyHasScope(key.scopes, SEND_SCOPE.scope)) throw new AppError("SCOPE_DENIED", `This API key lacks the ${SEND_SCOPE.scope} scope`);
  return key.id;
}

/** Sends the message; answers the send result (its id and status). */
export async function submitMessage({ raw, envelope, apiKey }: { raw: Buffer; envelope: SubmissionEnvelope; apiKey: string }) {
  const { principal, rate } = await authenticateKey(apiKey);
  applyKeyRate(rate, {});
  authorize(principal, SEND_SCOPE);
  const body = await toSendBody({ raw, envelope });
  return sendOrSchedule(principal, body);
}
