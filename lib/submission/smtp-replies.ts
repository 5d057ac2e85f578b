// What an SMTP client is told when a submission is refused: the send API's refusal (an
// AppError) as the reply code and enhanced status code (RFC 3463) a mail client understands,
// with Mailroom's own message. 4xx tells the client to try again later, 5xx not to. A
// provider's reply is never passed on (it is untrusted text, docs/security.md): refusals that
// carry one get a message of our own. Anything unexpected is a temporary failure.
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import { isSmtpError, smtpError, type SmtpError } from "@/lib/smtp/smtp-error";
import { log } from "@/lib/log";

interface Reply {
  code: number;
  status: string;
  /** Said instead of the error's message (which may hold a provider's reply). */
  message?: string;
}

const REPLIES: Partial<Record<ErrorCode, Reply>> = {
  INVALID_API_KEY: { code: 535, status: "5.7.8", message: "Authentication credentials invalid: the password must be an active API key" },
  SCOPE_DENIED: { code: 535, status: "5.7.8" },
  PERMISSION_DENIED: { code: 550, status: "5.7.1" },
  TEST_MODE_RECIPIENT: { code: 550, status: "5.7.1" },
  RECIPIENT_SUPPRESSED: { code: 550, status: "5.1.1" },
  SENDER_NOT_VERIFIED: { code: 553, status: "5.7.1" },
  PLAN_LIMIT_REACHED: { code: 550, status: "5.7.1" },
  BULK_SEND_REQUIRES_2FA: { code: 550, status: "5.7.1" },
  PROJECT_NOT_FOUND: { code: 550, status: "5.7.1" },
  VALIDATION_ERROR: { code: 554, status: "5.6.0" },
  TEMPLATE_NOT_FOUND: { code: 554, status: "5.6.0" },
  PAYLOAD_TOO_LARGE: { code: 552, status: "5.3.4" },
  RATE_LIMITED: { code: 451, status: "4.7.0" },
  NO_PROVIDER_CAPACITY: { code: 451, status: "4.7.0" },
  QUOTA_EXCEEDED: { code: 451, status: "4.7.0" },
  SERVICE_UNAVAILABLE: { code: 451, status: "4.3.0" },
  SEND_FAILED: { code: 451, status: "4.4.0", message: "No provider could take the message now; try again later" },
  PROVIDER_REJECTED: { code: 554, status: "5.0.0", message: "The provider refused the message" },
};

/** One line of at most 400 characters: a reply is a line, and a client shows it to a person. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").slice(0, 400);

/** The SMTP reply for an error a submission ended with. */
export function smtpReplyFor(err: unknown): SmtpError {
  if (isSmtpError(err)) return err;
  if (err instanceof AppError) {
    const reply = REPLIES[err.code] ?? { code: err.status >= 500 ? 451 : 554, status: err.status >= 500 ? "4.3.0" : "5.0.0" };
    const retry = err.headers?.["Retry-After"];
    const wait = reply.code < 500 && retry ? ` (try again in ${retry} s)` : "";
    return smtpError(reply.code, `${reply.status} ${oneLine(reply.message ?? err.message)}${wait}`);
  }
  log.error("SMTP submission failed", { err });
  return smtpError(451, "4.3.0 Temporary failure, try again later");
}
