// Resend, through its SDK. The SDK answers { data, error } instead of throwing; its errors are
// mapped onto ProviderError so that failover treats Resend like every other provider. Every send
// carries the message's Message-ID as Resend's Idempotency-Key: Resend answers a repeat of the
// same key (for 24 hours) with the first send's result instead of sending again, so a send whose
// answer was lost can be repeated safely (idempotent).
import { Resend, type ErrorResponse } from "resend";
import { z } from "zod";
import { ambiguousFailure, formatAddress, ProviderError, type OutgoingMessage, type ProviderAdapter } from "@/lib/providers/adapter";
import { attachmentsWithInvite, baseUrlSchema, errorFromStatus, neverSent, PROVIDER_TIMEOUT_MS } from "@/lib/providers/adapters/http-provider";

const configSchema = z
  .object({
    apiKey: z.string().startsWith("re_", "A Resend API key starts with re_"),
    baseUrl: baseUrlSchema,
  })
  .strict();
type ResendConfig = z.infer<typeof configSchema>;

/** A client per call: the constructor throws without a key, and config may change between calls. */
function client(config: ResendConfig): Resend {
  return new Resend(config.apiKey, config.baseUrl ? { baseUrl: config.baseUrl.replace(/\/+$/, "") } : undefined);
}

function emailOptions(message: OutgoingMessage) {
  // The SDK's type wants html or text present; the send pipeline guarantees one of them.
  const body = message.html !== undefined ? { html: message.html, text: message.text } : { text: message.text ?? "" };
  const attachments = attachmentsWithInvite(message).map((a) => ({
    filename: a.filename,
    content: a.content.toString("base64"),
    contentType: a.contentType,
    contentId: a.contentId,
  }));
  return {
    from: formatAddress(message.from),
    to: message.to.map(formatAddress),
    cc: message.cc.length ? message.cc.map(formatAddress) : undefined,
    bcc: message.bcc.length ? message.bcc.map(formatAddress) : undefined,
    replyTo: message.replyTo && formatAddress(message.replyTo),
    subject: message.subject,
    ...body,
    // No Message-ID: Resend sets its own and refuses an override.
    headers: Object.keys(message.headers).length ? message.headers : undefined,
    attachments: attachments.length ? attachments : undefined,
  };
}

/** Key problems are on the provider's side whatever status Resend gives them: fail over. */
const KEY_ERRORS = new Set<string>(["missing_api_key", "invalid_api_key", "restricted_api_key", "invalid_access"]);

function toProviderError(error: ErrorResponse | null): ProviderError {
  // The first request with this key is still being processed: its outcome is not known yet.
  if (error?.name === "concurrent_idempotent_requests") return ambiguousFailure(`Resend is still processing an earlier send of this message: ${error.message}`);
  // Resend's error bodies carry their status; a body without one is not Resend's (a proxy).
  if (error && typeof error.statusCode === "number") {
    const mapped = errorFromStatus("Resend", error.statusCode, error.message);
    return KEY_ERRORS.has(error.name) ? new ProviderError(mapped.message, true, error.statusCode) : mapped;
  }
  // No status: the SDK got no answer (see sendFailure).
  return ambiguousFailure(`Resend could not be reached or did not answer: ${error?.message ?? "no answer"}`);
}

const DEFAULT_BASE_URL = "https://api.resend.com";

/**
 * A send that got no answer: the SDK reports a refused connection, a timeout and a dropped
 * answer alike (name "application_error", no status) and keeps the cause to itself. One quick
 * request to the same address tells them apart: when it cannot connect either, Resend was not
 * reachable and cannot have the message (fail over at once); otherwise the send is ambiguous,
 * and a repeat with the same idempotency key settles it without a second copy.
 */
async function sendFailure(config: ResendConfig, error: ErrorResponse | null): Promise<ProviderError> {
  const failure = toProviderError(error);
  if (!failure.ambiguous || error?.name === "concurrent_idempotent_requests") return failure;
  const reachable = await fetch(config.baseUrl ?? DEFAULT_BASE_URL, { method: "HEAD", redirect: "manual", signal: AbortSignal.timeout(3_000) }).then(
    () => true,
    (err: unknown) => !neverSent(err),
  );
  return reachable ? failure : new ProviderError(`Resend could not be reached: ${error?.message ?? "no answer"}`, true);
}

export const resendAdapter: ProviderAdapter<ResendConfig> = {
  type: "resend",
  label: "Resend",
  configSchema,
  secretFields: ["apiKey"],
  capabilities: { attachments: true, customHeaders: true, scheduling: true, tracking: true, inbound: true, batch: true, maxMessageBytes: 40 * 1024 * 1024 },
  idempotent: true,
  async send(config, message) {
    const { data, error } = await client(config).emails.send(emailOptions(message), {
      idempotencyKey: message.messageId,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (error || !data) throw await sendFailure(config, error);
    return { providerMessageId: data.id };
  },
  async test(config) {
    const { data, error } = await client(config).domains.list({}, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    // A sending-only key (the recommended kind) is valid but may not list domains.
    if (error?.name === "restricted_api_key") return { message: "Authenticated with a sending-only key (domains not listed)" };
    if (error || !data) throw toProviderError(error);
    const count = Array.isArray(data.data) ? data.data.length : 0;
    return { message: `Authenticated; ${count} ${count === 1 ? "domain" : "domains"}` };
  },
};
