// Amazon SES through the v2 API. Messages go as raw MIME (the same bytes the SMTP adapter
// sends), so attachments, inline images, calendar parts and custom headers all survive.
import { GetAccountCommand, SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import {
  adapterSettings,
  ambiguousFailure,
  formatAddress,
  ProviderError,
  type Address,
  type ProviderAdapter,
} from "@/lib/providers/adapter";
import { composeMime } from "@/lib/providers/mime";
import { assertOutboundUrl, guardedLookup, type OutboundPolicy } from "@/lib/net/outbound-policy";
import { connectionFailure } from "@/lib/providers/connection-failure";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { sesFields, type SesConfig } from "@/lib/providers/ses/fields";

const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * A client per call (config may change between calls), its connections made through the
 * outbound address policy's lookup, so a custom endpoint's name is checked against the
 * address actually dialled; a literal address is checked here, as it is never looked up.
 */
function createClient(config: SesConfig, policy: OutboundPolicy) {
  if (config.endpoint) assertOutboundUrl(new URL(config.endpoint), policy);
  const agent = { keepAlive: true, lookup: guardedLookup(policy) };
  return new SESv2Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The send pipeline owns retries and failover; SDK retries on top would multiply
    // attempts (and possible duplicates) and delay failing over to another provider.
    maxAttempts: 1,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: 30_000, httpAgent: agent, httpsAgent: agent },
  });
}

// SES refusing this message: it would refuse it again, and failing over would only spread
// a malformed or refused message. Everything else (throttling, 5xx, network, credentials,
// paused or suspended account, unverified MAIL FROM domain) is about this provider.
const MESSAGE_REFUSALS = new Set(["MessageRejected", "BadRequestException", "InvalidParameterValue"]);

/** Errors (Node's codes) raised before a request could reach SES: it cannot have the message. */
const CONNECT_FAILURES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPROTO", "EBLOCKED"]);

/**
 * The SDK's error name and message come from the answer: shown only when the request went to
 * AWS's own regional endpoint; for a custom endpoint only the status (docs/security.md), and
 * without an answer, what failed in our words.
 */
function toProviderError(err: unknown, config: SesConfig): ProviderError {
  const e = (err ?? {}) as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === undefined) {
    const what = connectionFailure(err, CONNECTION_TIMEOUT_MS);
    if (!neverSent(e))
      return ambiguousFailure(`SES gave no answer after the request was sent (${what}); SES may have accepted the message`, err);
    return new ProviderError(`SES could not be reached: ${what}`, true, undefined, { cause: err });
  }
  const text = config.endpoint ? `SES answered ${status}` : `SES: ${e.name ?? "Error"}: ${e.message ?? "no message"}`;
  const refused = status === 400 && e.name !== undefined && MESSAGE_REFUSALS.has(e.name);
  return new ProviderError(text, !refused, status);
}

/** No answer at all: true when the connection itself failed (the SDK's connection timeout included). */
function neverSent(e: { name?: string; code?: string; message?: string }): boolean {
  if (e.code && (CONNECT_FAILURES.has(e.code) || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_)/.test(e.code))) return true;
  return e.name === "TimeoutError" && /without establishing a connection/i.test(e.message ?? "");
}

/** One call with a client of its own, destroyed afterwards; every failure a ProviderError. */
async function withClient<T>(config: SesConfig, policy: OutboundPolicy, call: (client: SESv2Client) => Promise<T>): Promise<T> {
  let client: SESv2Client | undefined;
  try {
    client = createClient(config, policy);
    return await call(client);
  } catch (err) {
    throw err instanceof ProviderError ? err : toProviderError(err, config);
  } finally {
    client?.destroy();
  }
}

// SES wants non-ASCII display names MIME-encoded here; the raw message already carries the
// properly encoded From header, so for those the bare address is enough.
const fromAddress = (from: Address) => formatAddress(/^[\x20-\x7e]*$/.test(from.name ?? "") ? from : { email: from.email });

export const sesAdapter: ProviderAdapter<SesConfig> = {
  ...adapterSettings(sesFields),
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: false,
    tracking: false,
    inbound: false,
    batch: false,
    maxMessageBytes: 40 * 1024 * 1024,
  },
  async send(config, message, policy = providerPolicy()) {
    const data = await composeMime(message);
    return withClient(config, policy, async (client) => {
      const response = await client.send(
        new SendEmailCommand({
          FromEmailAddress: fromAddress(message.from),
          // With raw content the Destination is the envelope: bcc is delivered from here
          // while the MIME headers never mention it.
          Destination: {
            ToAddresses: message.to.map((a) => a.email),
            CcAddresses: message.cc.map((a) => a.email),
            BccAddresses: message.bcc.map((a) => a.email),
          },
          Content: { Raw: { Data: data } },
          ConfigurationSetName: config.configurationSetName,
        }),
      );
      // Accepted (HTTP 200): never throw from here, a failover would send the message twice.
      return { providerMessageId: response.MessageId ?? message.messageId };
    });
  },
  async test(config, policy = providerPolicy()) {
    return withClient(config, policy, async (client) => {
      const account = await client.send(new GetAccountCommand({}));
      const quota = account.SendQuota;
      const parts = [
        `Connected to SES in ${config.region}`,
        account.SendingEnabled ? "sending is enabled" : "sending is DISABLED for this account",
        quota
          ? `${quota.SentLast24Hours ?? 0} of ${quota.Max24HourSend ?? "?"} messages sent in the last 24 hours, at most ${quota.MaxSendRate ?? "?"} per second`
          : undefined,
        account.ProductionAccessEnabled ? undefined : "sandbox: only verified recipients",
      ];
      return { message: parts.filter(Boolean).join("; ") };
    });
  },
};
