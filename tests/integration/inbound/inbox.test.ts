// The v1 inbox over HTTP: the list (envelope, pagination, newest first, ?search= on sender and
// subject taken literally, ?tag=), one message (404 for unknown, another organization's, and
// messages the rules did not keep), scopes, and replies: threaded (Re:, In-Reply-To,
// References), to the sender, replyAll adding the other recipients but the organization's own
// addresses. Mail arrives through Postmark's inbound webhook; replies leave through an SMTP
// provider pointed at a local sink, where the raw MIME is read back with mailparser.
import { afterAll, describe, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { call } from "../../helpers/http";
import { createKey, newOrg } from "../../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../../helpers/sending";
import type { SmtpSink } from "../../helpers/smtp-sink";
import { postmarkInboundProvider, receive, type InboundMail, type PostmarkInbound } from "../../helpers/inbound-post";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;

const INBOX = "/api/v1/inbox/messages";
const hex = (n = 4) => randomBytes(n).toString("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));

const SUMMARY_FIELDS = ["attachmentCount", "from", "id", "receivedAt", "size", "source", "subject", "tags", "to"];

async function inboxOrg() {
  const org = await newOrg();
  const provider = await postmarkInboundProvider(org.cookie);
  const key = (await createKey(org.cookie, ["inbox:read", "inbox:send"])).key;
  return { org, provider, key };
}

const mailTo = (subject: string, extra: Partial<InboundMail> = {}): InboundMail => ({
  from: { email: "alice@example.com", name: "Alice" },
  to: [{ email: "support@acme.test" }],
  subject,
  text: `About ${subject}`,
  ...extra,
});

async function addRule(org: Org, body: Record<string, unknown>) {
  const res = await call("/api/inbound/rules", { cookie: org.cookie, body: { name: `rule ${hex()}`, ...body } });
  if (res.status !== 200) throw new Error(`rule create failed: ${res.status} ${JSON.stringify(res.body)}`);
}

describe("GET /api/v1/inbox/messages", () => {
  it("answers the v1 envelope with pagination {page, perPage, total}, newest first", async () => {
    const { provider, key } = await inboxOrg();
    const ids: string[] = [];
    for (const subject of ["first", "second", "third"]) {
      ids.push(
        await receive(
          provider,
          mailTo(subject, {
            attachments:
              subject === "second" ? [{ Name: "a.txt", Content: Buffer.from("hi").toString("base64"), ContentType: "text/plain" }] : [],
          }),
        ),
      );
      await sleep(5);
    }
    const res = await call(INBOX, { key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "pagination", "requestId"]);
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(res.body.data.map((m: { id: string }) => m.id)).toEqual([...ids].reverse());
    for (const m of res.body.data) expect(Object.keys(m).sort()).toEqual(SUMMARY_FIELDS);
    expect(res.body.data[1]).toEqual({
      id: ids[1],
      from: { address: "alice@example.com", name: "Alice" },
      to: ["support@acme.test"],
      subject: "second",
      tags: [],
      size: expect.any(Number),
      attachmentCount: 1,
      source: "postmark",
      receivedAt: expect.any(String),
    });
    const times = res.body.data.map((m: { receivedAt: string }) => Date.parse(m.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const page2 = await call(`${INBOX}?perPage=2&page=2`, { key });
    expect(page2.body.pagination).toEqual({ page: 2, perPage: 2, total: 3 });
    expect(page2.body.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    const page1 = await call(`${INBOX}?perPage=2`, { key });
    expect(page1.body.data.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    const empty = await call(`${INBOX}?perPage=2&page=3`, { key });
    expect(empty.body).toMatchObject({ data: [], pagination: { page: 3, perPage: 2, total: 3 } });
    for (const q of ["perPage=0", "perPage=101", "page=0", "nonsense=1"]) {
      const bad = await call(`${INBOX}?${q}`, { key });
      expect(bad.status, q).toBe(400);
      expect(bad.body.code, q).toBe("VALIDATION_ERROR");
    }
    // Another organization's inbox is its own.
    const other = await inboxOrg();
    expect((await call(INBOX, { key: other.key })).body).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it("?search= matches the sender or the subject, case-insensitively, with % and _ taken literally", async () => {
    const { provider, key } = await inboxOrg();
    const percent = await receive(provider, mailTo("Invoice 100% paid"));
    const digits = await receive(provider, mailTo("Invoice 1000 paid"));
    const underscore = await receive(provider, mailTo("under_score"));
    const letter = await receive(provider, mailTo("underXscore"));
    const senderUnderscore = await receive(provider, mailTo("hello", { from: { email: "first_last@partner.test" } }));
    const senderLetter = await receive(provider, mailTo("hello", { from: { email: "firstXlast@partner.test" } }));
    const backslash = await receive(provider, mailTo("C:\\path\\file"));
    const noBackslash = await receive(provider, mailTo("C:path"));
    const search = async (q: string) => {
      const res = await call(`${INBOX}?search=${encodeURIComponent(q)}`, { key });
      expect(res.status, q).toBe(200);
      expect(res.body.pagination.total, q).toBe(res.body.data.length);
      return (res.body.data as { id: string }[]).map((m) => m.id).sort();
    };
    expect(await search("100%")).toEqual([percent].sort());
    expect(await search("0% p")).toEqual([percent].sort());
    expect(await search("%")).toEqual([percent].sort());
    expect(await search("under_score")).toEqual([underscore].sort());
    expect(await search("_")).toEqual([senderUnderscore, underscore].sort());
    expect(await search("first_last")).toEqual([senderUnderscore].sort());
    expect(await search("INVOICE")).toEqual([digits, percent].sort());
    expect(await search("@partner.test")).toEqual([senderLetter, senderUnderscore].sort());
    expect(await search("alice@")).toEqual([backslash, digits, letter, noBackslash, percent, underscore].sort());
    expect(await search("\\path")).toEqual([backslash]);
    expect(await search(":path")).toEqual([noBackslash]);
    expect(await search("nothing like this")).toEqual([]);
  });

  it("?tag= lists the messages a rule tagged; a message a rule tagged without storing is not in the inbox at all", async () => {
    const { org, provider, key } = await inboxOrg();
    await addRule(org, {
      priority: 1,
      conditions: [{ field: "subject", operator: "contains", value: "[urgent]" }],
      actions: [{ type: "tag", tags: ["urgent"] }, { type: "store" }],
    });
    await addRule(org, {
      priority: 2,
      conditions: [{ field: "subject", operator: "contains", value: "[fyi]" }],
      actions: [{ type: "tag", tags: ["fyi"] }],
    });
    const urgent = await receive(provider, mailTo("[urgent] server down"));
    const plain = await receive(provider, mailTo("just saying"));
    const fyi = await receive(provider, mailTo("[fyi] newsletter"));

    const tagged = await call(`${INBOX}?tag=urgent`, { key });
    expect(tagged.body.data.map((m: { id: string; tags: string[] }) => [m.id, m.tags])).toEqual([[urgent, ["urgent"]]]);
    expect(tagged.body.pagination.total).toBe(1);
    const all = await call(INBOX, { key });
    expect(all.body.data.map((m: { id: string }) => m.id)).toEqual([plain, urgent]);
    expect((await call(`${INBOX}?tag=fyi`, { key })).body).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await call(`${INBOX}?tag=nope`, { key })).body.data).toEqual([]);
    // Recorded, with the rule's outcome, but kept out of the inbox.
    expect(await db().inboundMessage.findUniqueOrThrow({ where: { id: fyi } })).toMatchObject({
      inInbox: false,
      tags: ["fyi"],
      status: "processed",
    });
  });
});

describe("GET /api/v1/inbox/messages/{id}", () => {
  it("reads one message; 404 for an unknown id, another organization's message and one the rules kept out of the inbox; 400 for a non-uuid", async () => {
    const { org, provider, key } = await inboxOrg();
    await addRule(org, {
      conditions: [{ field: "subject", operator: "contains", value: "X-TAG-ONLY" }],
      actions: [{ type: "tag", tags: ["seen"] }],
    });
    const kept = await receive(
      provider,
      mailTo("kept", { attachments: [{ Name: "a.txt", Content: Buffer.from("hi").toString("base64"), ContentType: "text/plain" }] }),
    );
    const notKept = await receive(
      provider,
      mailTo("subject X-TAG-ONLY here", {
        attachments: [{ Name: "b.txt", Content: Buffer.from("no").toString("base64"), ContentType: "text/plain" }],
      }),
    );
    const other = await inboxOrg();
    const theirs = await receive(
      other.provider,
      mailTo("theirs", { attachments: [{ Name: "c.txt", Content: Buffer.from("x").toString("base64"), ContentType: "text/plain" }] }),
    );

    const got = await call(`${INBOX}/${kept}`, { key });
    expect(got.status).toBe(200);
    expect(got.body.requestId).toMatch(/^req_/);
    expect(got.body.data).toMatchObject({
      id: kept,
      subject: "kept",
      text: "About kept",
      status: "processed",
      attachments: [{ filename: "a.txt", contentType: "text/plain", size: 2 }],
    });

    for (const id of [randomUUID(), theirs, notKept]) {
      const res = await call(`${INBOX}/${id}`, { key });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String), code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
    }
    // Nor their attachments, nor a reply to them.
    const theirAttachment = await db().inboundAttachment.findFirstOrThrow({ where: { inboundMessageId: theirs } });
    expect((await call(`${INBOX}/${theirs}/attachments/${theirAttachment.id}`, { key })).status).toBe(404);
    const keptAttachment = got.body.data.attachments[0].id;
    expect((await call(`${INBOX}/${theirs}/attachments/${keptAttachment}`, { key })).status).toBe(404);
    expect((await call(`${INBOX}/${kept}/attachments/${theirAttachment.id}`, { key })).status).toBe(404);
    expect((await call(`${INBOX}/${kept}/attachments/${randomUUID()}`, { key })).status).toBe(404);
    for (const id of [theirs, notKept, randomUUID()]) {
      const reply = await call(`${INBOX}/${id}/reply`, { key, body: { text: "hello?" } });
      expect(reply.status, id).toBe(404);
      expect(reply.body.code).toBe("NOT_FOUND");
    }
    // The message kept out of the inbox lost its attachments.
    expect(await db().inboundAttachment.count({ where: { inboundMessageId: notKept } })).toBe(0);

    const bad = await call(`${INBOX}/not-a-uuid`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
  });
});

describe("inbox scopes", () => {
  it("inbox:read is needed to read, inbox:send to reply; otherwise 403 SCOPE_DENIED; no key 401", async () => {
    const { org, provider } = await inboxOrg();
    const id = await receive(
      provider,
      mailTo("scoped", { attachments: [{ Name: "a.txt", Content: Buffer.from("hi").toString("base64"), ContentType: "text/plain" }] }),
    );
    const attachmentId = (await db().inboundAttachment.findFirstOrThrow({ where: { inboundMessageId: id } })).id;
    const sender = (await createKey(org.cookie, ["email:send", "inbox:send"])).key;
    for (const path of [INBOX, `${INBOX}/${id}`, `${INBOX}/${id}/attachments/${attachmentId}`]) {
      const res = await call(path, { key: sender });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: "SCOPE_DENIED", requestId: expect.stringMatching(/^req_/) });
    }
    const reader = (await createKey(org.cookie, ["inbox:read"])).key;
    expect((await call(`${INBOX}/${id}`, { key: reader })).status).toBe(200);
    expect((await call(`${INBOX}/${id}/attachments/${attachmentId}`, { key: reader })).body.data).toMatchObject({
      filename: "a.txt",
      content: Buffer.from("hi").toString("base64"),
    });
    const reply = await call(`${INBOX}/${id}/reply`, { key: reader, body: { text: "hi" } });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe("SCOPE_DENIED");
    for (const res of [await call(INBOX), await call(`${INBOX}/${id}`), await call(`${INBOX}/${id}/reply`, { body: { text: "hi" } })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "Invalid API key" });
    }
    // The inbox is the organization's: a key bound to one project reads none of it.
    const projectKey = (await createKey(org.cookie, ["inbox:read", "inbox:send"], { projectId: org.project.id })).key;
    for (const res of [
      await call(INBOX, { key: projectKey }),
      await call(`${INBOX}/${id}`, { key: projectKey }),
      await call(`${INBOX}/${id}/reply`, { key: projectKey, body: { text: "hi" } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
  });
});

describe("POST /api/v1/inbox/messages/{id}/reply", () => {
  /** An organization in production mode sending through an SMTP provider on a local sink, receiving mail for its own domain
   * (verified: in production a reply from it needs that, as any send does). */
  async function replyingOrg({ verified = true } = {}) {
    const { org, provider, key } = await inboxOrg();
    await productionMode(org.org.id);
    const sink = await newSink();
    sinks.push(sink);
    await smtpProvider(org.cookie, sink, { priority: 1 });
    const domain = `in-${hex()}.test`;
    const added = await call("/api/inbound/domains", { cookie: org.cookie, body: { name: domain } });
    if (added.status !== 201) throw new Error(`domain add failed: ${added.status} ${JSON.stringify(added.body)}`);
    if (verified) await db().domain.update({ where: { name: domain }, data: { status: "verified" } });
    return { org, provider, key, sink, domain };
  }

  it("refuses in production a reply from an inbound domain that is not verified: receiving mail there proves nothing", async () => {
    const { org, provider, key, sink, domain } = await replyingOrg({ verified: false });
    const { id } = await receiveThread(provider, domain);
    const res = await call(`/api/v1/inbox/messages/${id}/reply`, { key, body: { text: "On its way." } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SENDER_NOT_VERIFIED");
    expect(res.body.error).toContain(`support@${domain}`);
    expect(sink.messages).toHaveLength(0);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
  });

  async function sent(sink: SmtpSink, count: number) {
    const deadline = Date.now() + 5_000;
    while (sink.messages.length < count && Date.now() < deadline) await sleep(25);
    expect(sink.messages).toHaveLength(count);
    const last = sink.messages[count - 1];
    return { envelope: last, parsed: await simpleParser(last.raw) };
  }

  async function receiveThread(provider: PostmarkInbound, domain: string, extra: Partial<InboundMail> = {}) {
    const messageId = `<orig-${hex()}@example.com>`;
    const id = await receive(
      provider,
      mailTo("Where is my order?", {
        to: [{ email: `support@${domain}`, name: "Support" }],
        messageId,
        references: ["<root-1@example.com>"],
        inReplyTo: "<root-1@example.com>",
        ...extra,
      }),
    );
    return { id, messageId };
  }

  it("sends a threaded reply to the original sender: Re: subject, In-Reply-To the original Message-ID, References ending with it", async () => {
    const { org, provider, key, sink, domain } = await replyingOrg();
    const { id, messageId } = await receiveThread(provider, domain);
    const res = await call(`${INBOX}/${id}/reply`, { key, body: { text: "It ships today." } });
    expect(res.status).toBe(200);
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      messageId: expect.anything(),
      status: "sent",
      provider: expect.stringMatching(/^smtp/),
      sentAt: expect.any(String),
    });

    const { envelope, parsed } = await sent(sink, 1);
    expect(envelope.rcptTo).toEqual(["alice@example.com"]);
    expect(parsed.to).toMatchObject({ value: [{ address: "alice@example.com" }] });
    expect(parsed.cc).toBeUndefined();
    expect(parsed.from?.value[0].address).toBe(`support@${domain}`);
    expect(parsed.subject).toBe("Re: Where is my order?");
    expect(parsed.inReplyTo).toBe(messageId);
    const references = [parsed.references ?? []].flat();
    expect(references).toEqual(["<root-1@example.com>", messageId]);
    expect(parsed.text?.trim()).toBe("It ships today.");
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ orgId: org.org.id, to: ["alice@example.com"], subject: "Re: Where is my order?", status: "sent" });

    // A subject that already starts with Re: is not prefixed again; Reply-To, when set, is where the answer goes.
    const again = await receiveThread(provider, domain, { subject: "RE: invoice", replyTo: "billing@example.com" });
    const second = await call(`${INBOX}/${again.id}/reply`, { key, body: { text: "Noted.", html: "<p>Noted.</p>" } });
    expect(second.status).toBe(200);
    const reply2 = await sent(sink, 2);
    expect(reply2.envelope.rcptTo).toEqual(["billing@example.com"]);
    expect(reply2.parsed.subject).toBe("RE: invoice");
    expect(reply2.parsed.inReplyTo).toBe(again.messageId);
    expect([reply2.parsed.references ?? []].flat().at(-1)).toBe(again.messageId);
    expect(reply2.parsed.html).toContain("<p>Noted.</p>");
  });

  it("threads replies in long conversations: References trimmed to one header line, root and latest kept", async () => {
    const { key, sink, provider, domain } = await replyingOrg();
    const references = Array.from({ length: 30 }, (_, i) => `<CAF${String(i).padStart(3, "0")}${"q".repeat(60)}@mail.gmail.com>`);
    const { id, messageId } = await receiveThread(provider, domain, { references, inReplyTo: references.at(-1) });
    const res = await call(`${INBOX}/${id}/reply`, { key, body: { text: "Still on it." } });
    expect(res.status).toBe(200);
    const { parsed } = await sent(sink, 1);
    const chain = [parsed.references ?? []].flat();
    expect(chain[0]).toBe(references[0]);
    expect(chain.at(-1)).toBe(messageId);
    expect(chain.join(" ").length).toBeLessThanOrEqual(998);
  });

  it("replyAll adds the other To and Cc recipients, except addresses at the organization's own inbound domains", async () => {
    const { key, provider, sink, domain } = await replyingOrg();
    const { id, messageId } = await receiveThread(provider, domain, {
      to: [{ email: `support@${domain}` }, { email: "colleague@partner.test" }, { email: `Sales@${domain.toUpperCase()}` }],
      cc: [{ email: "Boss@Partner.test", name: "Boss" }, { email: `ops@${domain}` }, { email: "alice@example.com" }],
    });
    const res = await call(`${INBOX}/${id}/reply`, { key, body: { text: "Looping everyone in.", replyAll: true } });
    expect(res.status).toBe(200);
    const { envelope, parsed } = await sent(sink, 1);
    expect([...envelope.rcptTo].sort()).toEqual(["alice@example.com", "boss@partner.test", "colleague@partner.test"]);
    expect(parsed.to).toMatchObject({ value: [{ address: "alice@example.com" }] });
    const cc = [parsed.cc ?? []]
      .flat()
      .flatMap((a) => a.value.map((v) => v.address))
      .sort();
    expect(cc).toEqual(["boss@partner.test", "colleague@partner.test"]);
    expect(parsed.inReplyTo).toBe(messageId);

    // Without replyAll only the sender gets it.
    const plain = await call(`${INBOX}/${id}/reply`, { key, body: { text: "Just you." } });
    expect(plain.status).toBe(200);
    expect((await sent(sink, 2)).envelope.rcptTo).toEqual(["alice@example.com"]);
  });

  it("refuses a reply without text or html (400) and sends nothing", async () => {
    const { org, key, provider, sink, domain } = await replyingOrg();
    const { id } = await receiveThread(provider, domain);
    for (const body of [
      {},
      { text: "" },
      { replyAll: true },
      { text: "x", cc: ["x@example.com"] },
      { text: "x", from: "not an address" },
    ]) {
      const res = await call(`${INBOX}/${id}/reply`, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    await sleep(300);
    expect(sink.messages).toHaveLength(0);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
  });
});
