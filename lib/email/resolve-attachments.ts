// A send's attachments as the message carries them: inline ones decoded, those given by `path`
// fetched once the send has passed its checks (a scheduled send fetches when it goes), under
// the outbound address policy (docs/security.md): public addresses only, checked at connect time
// and on every redirect (at most 3), 10 s for all of a message's fetches together, a connection
// silent for 5 s dropped, and their bytes counted against what the inline ones leave of the
// message's 40 MiB, and against the request's own 40 MiB when one request sends several messages
// (a batch). At most MAX_CONCURRENT_FETCHES fetches run at once in the whole server. Any fetch
// failing refuses the send (422 ATTACHMENT_FETCH_FAILED naming the attachment) before a provider
// has anything; the error says what failed in our words, never what the remote side answered.
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { assertOutboundUrl, type OutboundPolicy } from "@/lib/net/outbound-policy";
import { guardedGet, type ByteBudget, type GetFailure } from "@/lib/net/guarded-get";
import { Slots } from "@/lib/net/slots";
import { connectionFailure } from "@/lib/providers/connection-failure";
import { MAX_ATTACHMENTS_BYTES, inlineAttachmentBytes, type AttachmentInput } from "@/lib/email/schemas";
import type { OutgoingAttachment } from "@/lib/providers/adapter";

export const ATTACHMENT_FETCH_TIMEOUT_MS = 10_000;
export const MAX_ATTACHMENT_REDIRECTS = 3;
/** Attachment fetches in flight at once, in the whole server; the others wait (within their deadline). */
export const MAX_CONCURRENT_FETCHES = 8;
const fetchSlots = new Slots(MAX_CONCURRENT_FETCHES);
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** What a refusal the operator's switch would lift says about it. */
const SWITCH_HINT = "the operator's ALLOW_PRIVATE_ATTACHMENT_URLS allows http and local or private addresses";

const policy = (): OutboundPolicy => ({ allowPrivate: env().ALLOW_PRIVATE_ATTACHMENT_URLS, subject: "attachment host" });

/** The URL's last path segment, decoded and made a safe file name; "attachment" when there is none. */
export function filenameFromUrl(url: URL): string {
  const segment = url.pathname.split("/").filter(Boolean).pop() ?? "";
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  // No line breaks, NUL or other control characters (header injection), no path separators.
  name = name.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim();
  return name.slice(0, 255) || "attachment";
}

/** The type the host declared, when it is a plain type/subtype; else application/octet-stream. */
function contentTypeOf(header: string | undefined): string {
  const type = (header ?? "").split(";")[0].trim().toLowerCase();
  return CONTENT_TYPE.test(type) ? type : "application/octet-stream";
}

/**
 * Refuses, as a 400 naming the field, a `path` the policy refuses without a connection: plain
 * http, an IP literal that is not public, a local name (unless the operator's switch is on).
 * Names are checked against the addresses they resolve to when the file is fetched.
 */
export function checkAttachmentUrls(attachments: AttachmentInput[]): void {
  const p = policy();
  attachments.forEach((a, i) => {
    if (a.path === undefined) return;
    const url = new URL(a.path);
    const host = url.hostname.toLowerCase().replace(/\.$/, "");
    let problem: string | null = null;
    if (!p.allowPrivate && url.protocol !== "https:") problem = "must be an https URL";
    else if (!p.allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) problem = `host ${host} is a local name`;
    else {
      try {
        assertOutboundUrl(url, p);
      } catch (err) {
        problem = (err as Error).message;
      }
    }
    if (problem) {
      const message = `${problem} (${SWITCH_HINT})`;
      const path = `body.attachments.${i}.path`;
      throw new AppError("VALIDATION_ERROR", `Invalid request: ${path}: ${message}`, [{ path, message }]);
    }
  });
}

function describe(failure: GetFailure): string {
  switch (failure.kind) {
    case "blocked":
      return `blocked by the outbound address policy: ${failure.reason} (${SWITCH_HINT})`;
    case "status":
      return `the host answered ${failure.status}`;
    case "redirects":
      return `it was redirected more than ${MAX_ATTACHMENT_REDIRECTS} times`;
    case "bad-redirect":
      return "it was redirected to something that is not an http(s) URL";
    case "timeout":
      return `fetching took longer than ${ATTACHMENT_FETCH_TIMEOUT_MS / 1000} s`;
    case "too-large":
      return `with the other attachments it is larger than the ${MAX_ATTACHMENTS_BYTES / 1024 / 1024} MiB a message may carry`;
    case "connection":
      return connectionFailure(failure.error, ATTACHMENT_FETCH_TIMEOUT_MS);
  }
}

async function fetchOne(a: AttachmentInput, i: number, budget: ByteBudget, signal: AbortSignal): Promise<OutgoingAttachment> {
  const url = new URL(a.path!);
  const filename = a.filename ?? filenameFromUrl(url);
  const get = () =>
    guardedGet({ url, policy: policy(), budget, signal, maxRedirects: MAX_ATTACHMENT_REDIRECTS, userAgent: "Mailroom-Attachments/1" });
  // Waiting for a slot counts in the deadline: one that ends first is a timeout like any other.
  const got = await fetchSlots.run(signal, get).catch(() => ({ ok: false as const, failure: { kind: "timeout" as const } }));
  if (!got.ok) {
    const message = describe(got.failure);
    throw new AppError("ATTACHMENT_FETCH_FAILED", `attachment ${i + 1} (${filename}) could not be fetched: ${message}; nothing was sent`, [
      { path: `body.attachments.${i}.path`, message },
    ]);
  }
  return { filename, content: got.body, contentType: a.contentType ?? contentTypeOf(got.contentType), contentId: a.contentId };
}

/** A fresh budget for the attachments fetched in one request (a batch's items share it). */
export const requestAttachmentBudget = (): ByteBudget => ({ left: MAX_ATTACHMENTS_BYTES });

/** The attachments given inline, decoded, in order (what a message carries until those given by URL are fetched). */
export function inlineAttachments(attachments: AttachmentInput[]): OutgoingAttachment[] {
  return attachments.filter((a) => a.content !== undefined).map(decoded);
}

const decoded = (a: AttachmentInput): OutgoingAttachment => ({
  filename: a.filename!,
  content: Buffer.from(a.content!, "base64"),
  contentType: a.contentType ?? "application/octet-stream",
  contentId: a.contentId,
});

/** True when some attachment is given by URL and must be fetched. */
export const fetchesAttachments = (attachments: AttachmentInput[]) => attachments.some((a) => a.path !== undefined);

/**
 * Every attachment, in order, with its bytes; throws (ATTACHMENT_FETCH_FAILED) when a fetch fails.
 * `shared`: the request's budget, when one request sends several messages.
 */
export async function resolveAttachments(attachments: AttachmentInput[], shared?: ByteBudget): Promise<OutgoingAttachment[]> {
  checkAttachmentUrls(attachments);
  const budget: ByteBudget = { left: MAX_ATTACHMENTS_BYTES - inlineAttachmentBytes(attachments), parent: shared };
  // One deadline for all of them, fetched together; the first failure stops the others. The
  // deadline is a timer of its own: a timeout signal combined with AbortSignal.any can be
  // collected before it fires (Node 20), leaving a slow fetch without any deadline.
  const stop = new AbortController();
  const deadline = setTimeout(() => stop.abort(new DOMException("attachment fetch deadline", "TimeoutError")), ATTACHMENT_FETCH_TIMEOUT_MS);
  try {
    return await Promise.all(attachments.map((a, i) => (a.content !== undefined ? decoded(a) : fetchOne(a, i, budget, stop.signal))));
  } finally {
    clearTimeout(deadline);
    stop.abort();
  }
}
