// What the HTTP API adapters (Resend, SendGrid, Postmark, Mailgun) share: one timeout, one
// guarded way of making a request and reading its answer, one rule for which failures the
// send pipeline may fail over from, and one rule for what of an answer may be repeated to the
// tenant (docs/security.md):
//   a reply's text (the provider's documented error message, a server or domain name) is
//   shown only when the request went to the provider's own official API host; for a custom
//   base URL only the status, or what failed in our words (refused, timeout, TLS), is said.
// Why: a base URL is chosen by the tenant, and a reply repeated from an arbitrary host reads
// internal services back through us (server-side request forgery). Their base URL setting is
// baseUrlField (config-fields.ts), where the dashboard form can read it too.
import http from "node:http";
import https from "node:https";
import { ambiguousFailure, ProviderError, type OutgoingAttachment, type OutgoingMessage } from "@/lib/providers/adapter";
import { assertOutboundUrl, guardedLookup, type OutboundPolicy } from "@/lib/net/outbound-policy";
import { connectionFailure, notConnected } from "@/lib/providers/connection-failure";

/** A provider that hangs must not hold a send job: give up and let failover take it. */
export const PROVIDER_TIMEOUT_MS = 15_000;
const USER_AGENT = "Mailroom/1";
/** Provider answers are small; a host that streams more is cut off (and the rest ignored). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Where an adapter's requests go, and whether that is the provider's own official host. */
export interface ProviderApi {
  provider: string;
  base: string;
  official: boolean;
  policy: OutboundPolicy;
}

export function providerApi(
  provider: string,
  baseUrl: string | undefined,
  officialBases: readonly string[],
  policy: OutboundPolicy,
): ProviderApi {
  const base = (baseUrl ?? officialBases[0]).replace(/\/+$/, "");
  const origin = new URL(base).origin;
  return { provider, base, official: officialBases.some((b) => new URL(b).origin === origin), policy };
}

/** Text read from a reply, kept only for the official host (see the rule above). */
export const replyText = (api: { official: boolean }, text: string | undefined) => (api.official ? text : undefined);

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the raw text when it is not JSON. Never put in a message for a custom host. */
  body: unknown;
}

// Keep-alive sockets per policy: a socket dialled while private addresses were allowed (an
// operator-managed provider) is never handed to a request under the stricter policy.
const agentsFor = (allowPrivate: boolean) => ({
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
  allowPrivate,
});
const AGENTS = [agentsFor(false), agentsFor(true)];

/** A FormData body as bytes and its multipart content type, as fetch would send it. */
async function encodeBody(body: string | FormData | undefined): Promise<{ bytes?: Buffer; type?: string }> {
  if (body === undefined) return {};
  if (typeof body === "string") return { bytes: Buffer.from(body, "utf8") };
  const encoded = new Request("http://form.invalid/", { method: "POST", body });
  return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type") ?? undefined };
}

/**
 * One request to a provider's API (`path` under its base URL), its answer read under the same
 * timeout. The address connected to is checked by the outbound policy at connect time, so DNS
 * rebinding cannot turn an accepted host into a private address. Redirects are not followed:
 * they would carry our credential headers to another address. Failures are retryable
 * ProviderErrors, definitive when the request cannot have reached the provider (no connection,
 * DNS, TLS or the policy refused it) and ambiguous otherwise (a timeout, a reset or a cut-off
 * answer once connected: the provider may have accepted the message).
 */
export async function providerFetch(
  api: ProviderApi,
  path: string,
  init: { method?: string; headers: Record<string, string>; body?: string | FormData },
): Promise<ProviderResponse> {
  const url = new URL(`${api.base}${path}`);
  const { bytes, type } = await encodeBody(init.body);
  const agents = AGENTS[api.policy.allowPrivate ? 1 : 0];
  let connected = false;
  try {
    assertOutboundUrl(url, api.policy); // the scheme again, and an IP literal (never looked up)
    return await new Promise<ProviderResponse>((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(url, {
        method: init.method ?? "GET",
        agent: agents[url.protocol as "http:" | "https:"],
        lookup: guardedLookup(api.policy),
        // Some APIs refuse a request without a User-Agent (fetch and the SDKs always sent one).
        headers: {
          "user-agent": USER_AGENT,
          ...init.headers,
          ...(type ? { "content-type": type } : {}),
          ...(bytes ? { "content-length": bytes.length } : {}),
        },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      req.on("socket", (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once("connect", () => (connected = true));
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: parseBody(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString("utf8")),
          });
        });
        res.on("error", (err) => reject(Object.assign(err, { statusCode: res.statusCode })));
        // Cut off mid-answer (a reset, our timeout): not every Node version reports it as an error.
        res.on("close", () => {
          if (!res.complete) reject(Object.assign(new Error("the answer was cut off"), { code: "ECONNRESET", statusCode: res.statusCode }));
        });
      });
      req.on("error", reject);
      req.end(bytes);
    });
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    // The status came, the body did not: a success status means the message was probably accepted.
    if (status !== undefined && status >= 200 && status < 300)
      throw ambiguousFailure(`${api.provider} answered ${status} but the answer was cut off`, err);
    if (status !== undefined) return { status, headers: new Headers(), body: "" };
    if (notConnected(err, connected))
      throw new ProviderError(`${api.provider} could not be reached: ${connectionFailure(err, PROVIDER_TIMEOUT_MS)}`, true, undefined, {
        cause: err,
      });
    throw ambiguousFailure(
      `${api.provider} gave no answer after the request was sent (${connectionFailure(err, PROVIDER_TIMEOUT_MS)}); it may have accepted the message`,
      err,
    );
  }
}

/** The message itself was refused: another provider would refuse it too, so no failover. */
const MESSAGE_REFUSED = new Set([400, 413, 422]);

/**
 * Auth (401/403), missing resources (404), rate limits (429) and 5xx are the provider's side:
 * retryable. `detail` is the provider's documented error message: pass it through replyText.
 */
export function errorFromStatus(provider: string, status: number, detail?: string): ProviderError {
  // Capped: the message only needs to say what went wrong.
  const text = detail ? `: ${detail.slice(0, 500)}` : "";
  return new ProviderError(`${provider} answered ${status}${text}`, !MESSAGE_REFUSED.has(status), status);
}

/** These APIs take no raw MIME parts, so a calendar invitation travels as an invite.ics attachment. */
export function attachmentsWithInvite(message: OutgoingMessage): OutgoingAttachment[] {
  if (!message.calendar) return message.attachments;
  const invite: OutgoingAttachment = {
    filename: "invite.ics",
    content: Buffer.from(message.calendar.content, "utf8"),
    contentType: `text/calendar; method=${message.calendar.method}`,
  };
  return [...message.attachments, invite];
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
