// Mail into an organization's inbox the way Postmark delivers it: a postmark provider with
// inbound webhook credentials (HTTP Basic), and its inbound JSON POSTed to
// /api/inbound/providers/{id} (shaped like the example of Postmark's "Inbound webhook" page).
import { randomBytes, randomUUID } from "node:crypto";
import { call, type CallResult } from "./http";
import { basicAuthHeaders } from "./provider-signing";
import { db } from "@/lib/db/client";

export interface PostmarkInbound {
  id: string;
  username: string;
  password: string;
}

export async function postmarkInboundProvider(cookie: string, extra: Record<string, unknown> = {}): Promise<PostmarkInbound> {
  const username = "postmark";
  const password = randomBytes(18).toString("base64url");
  const res = await call("/api/providers", {
    cookie,
    body: {
      name: `postmark ${randomBytes(3).toString("hex")}`,
      type: "postmark",
      config: { serverToken: randomBytes(16).toString("hex"), webhookUsername: username, webhookPassword: password },
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`postmark provider create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: (res.body as { id: string }).id, username, password };
}

export interface Mailbox {
  email: string;
  name?: string;
}

export interface InboundMail {
  from: Mailbox;
  to: Mailbox[];
  cc?: Mailbox[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  /** The Message-ID header, with its angle brackets; default: a fresh one. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  headers?: { Name: string; Value: string }[];
  attachments?: { Name: string; Content: string; ContentType: string; ContentID?: string }[];
  date?: string;
}

const listOf = (boxes: Mailbox[]) => boxes.map((b) => (b.name ? `"${b.name}" <${b.email}>` : b.email)).join(", ");
const full = (b: Mailbox) => ({ Email: b.email, Name: b.name ?? "", MailboxHash: "" });

/** The JSON body Postmark posts for `mail`. */
export function postmarkInboundJson(mail: InboundMail): Record<string, unknown> {
  const messageId = mail.messageId ?? `<${randomBytes(8).toString("hex")}@sender.example>`;
  return {
    FromName: mail.from.name ?? "",
    MessageStream: "inbound",
    From: mail.from.email,
    FromFull: full(mail.from),
    To: listOf(mail.to),
    ToFull: mail.to.map(full),
    Cc: listOf(mail.cc ?? []),
    CcFull: (mail.cc ?? []).map(full),
    OriginalRecipient: mail.to[0]?.email ?? "",
    Subject: mail.subject,
    // Postmark's own id of the inbound message (not the Message-ID header).
    MessageID: randomUUID(),
    ReplyTo: mail.replyTo ?? "",
    MailboxHash: "",
    Date: mail.date ?? new Date().toUTCString(),
    TextBody: mail.text ?? "",
    HtmlBody: mail.html ?? "",
    StrippedTextReply: "",
    Tag: "",
    Headers: [
      { Name: "X-Spam-Status", Value: "No" },
      { Name: "MIME-Version", Value: "1.0" },
      { Name: "Message-ID", Value: messageId },
      ...(mail.inReplyTo ? [{ Name: "In-Reply-To", Value: mail.inReplyTo }] : []),
      ...(mail.references?.length ? [{ Name: "References", Value: mail.references.join(" ") }] : []),
      ...(mail.headers ?? []),
    ],
    Attachments: (mail.attachments ?? []).map((a) => ({
      ...a,
      ContentLength: Buffer.from(a.Content, "base64").length,
      ContentID: a.ContentID ?? "",
    })),
  };
}

/** POSTs a body to the provider's inbound URL with its Basic credentials. */
export function postPostmark(
  provider: PostmarkInbound,
  body: string | Record<string, unknown>,
  auth = { username: provider.username, password: provider.password },
): Promise<CallResult> {
  return call(`/api/inbound/providers/${provider.id}`, {
    raw: typeof body === "string" ? body : JSON.stringify(body),
    headers: basicAuthHeaders(auth.username, auth.password),
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the rules have run on the message (its status leaves "received"); returns the row. */
export async function processed(id: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db().inboundMessage.findUnique({ where: { id } });
    if (row && row.status !== "received") return row;
    if (Date.now() > deadline)
      throw new Error(`inbound message ${id} was not processed within ${timeoutMs} ms (status ${row?.status ?? "missing"})`);
    await sleep(50);
  }
}

/** Posts `mail` through Postmark's inbound webhook and waits until its rules ran; returns the inbound message id. */
export async function receive(provider: PostmarkInbound, mail: InboundMail): Promise<string> {
  const res = await postPostmark(provider, postmarkInboundJson(mail));
  if (res.status !== 200) throw new Error(`inbound post failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [id] = (res.body as { ids: string[] }).ids;
  await processed(id);
  return id;
}
