// attachments[].path end to end, on servers of their own: with ALLOW_PRIVATE_ATTACHMENT_URLS on,
// a file served by a local HTTP server arrives at a real SMTP sink with its bytes (v1, legacy,
// batch, scheduled); a 404, a file past the 40 MiB, more than 3 redirects refuse the send with
// 422 ATTACHMENT_FETCH_FAILED naming the attachment, and nothing is sent (the message is recorded
// as failed, its count given back). A send refused for another reason (test mode) fetches
// nothing, and a batch's fetches share one 40 MiB. As shipped
// (switch off; names resolving through a local DNS server), plain http and a private literal are
// a 400 naming the field, and a name that resolves to 127.0.0.1 is refused when the connection
// would be made (422), with the file server seeing no connection at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { startDnsServer, type DnsServer } from "../helpers/dns-server";
import { newSink, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { until } from "../helpers/until";

const MiB = 1024 * 1024;
const PDF = randomBytes(3000);

/** A local file server: /files/invoice.pdf, a 404, files past 40 MiB, /hop/N redirecting N times. */
async function fileServer() {
  let connections = 0;
  const server = http.createServer((req, res) => {
    res.on("error", () => undefined); // the client hangs up on purpose on the large files
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) return res.writeHead(302, { location: Number(hop[1]) === 0 ? "/files/invoice.pdf" : `/hop/${Number(hop[1]) - 1}` }).end();
    if (path === "/files/invoice.pdf") return res.writeHead(200, { "content-type": "application/pdf" }).end(PDF);
    const sized = /^\/sized\/(\d+)$/.exec(path);
    if (sized) return res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.alloc(Number(sized[1]) * MiB, 3));
    if (path === "/declared-huge") {
      res.writeHead(200, { "content-length": String(41 * MiB) });
      return res.write(Buffer.alloc(1024));
    }
    if (path === "/streamed-huge") {
      res.writeHead(200, { "content-type": "application/octet-stream" }); // no length: counted as it comes
      const chunk = Buffer.alloc(MiB, 7);
      let sent = 0;
      const more = () => {
        while (sent < 41 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return res.once("drain", more);
        }
        res.end();
      };
      return more();
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("internal-only page: secret-token-123");
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

let files: Awaited<ReturnType<typeof fileServer>>;
let dns: DnsServer;
let open: OwnServer; // ALLOW_PRIVATE_ATTACHMENT_URLS on
let shipped: OwnServer; // the switch unset, as in production
const sinks: Record<"open" | "shipped", SmtpSink | undefined> = { open: undefined, shipped: undefined };

async function withSink(s: OwnServer) {
  const sink = await newSink();
  await smtpProvider(s.cookie, sink, {}, s.server.url);
  return sink;
}

beforeAll(async () => {
  [files, dns] = await Promise.all([fileServer(), startDnsServer()]);
  dns.a("files.attachments.test", "127.0.0.1");
  [open, shipped] = await Promise.all([
    ownServer({ env: { ALLOW_PRIVATE_ATTACHMENT_URLS: "1" }, scopes: ["email:send"] }),
    ownServer({ env: { ALLOW_PRIVATE_ATTACHMENT_URLS: "", OUTBOUND_DNS_SERVERS: dns.address }, scopes: ["email:send"] }),
  ]);
  sinks.open = await withSink(open);
  sinks.shipped = await withSink(shipped);
}, 120_000);
afterAll(async () => {
  await Promise.all([open?.close(), shipped?.close()]);
  await Promise.all([sinks.open?.close(), sinks.shipped?.close(), files?.close(), dns?.close()]);
});

const send = (s: OwnServer, attachments: unknown[], extra: Record<string, unknown> = {}, path = "/api/v1/email/send") =>
  call(path, {
    base: s.server.url,
    key: s.key,
    body: { from: "ann@sender.test", to: "r@example.test", subject: "Files", text: "attached", attachments, ...extra },
  });
const messageCount = async (s: OwnServer) => Number((await s.sql.query(`SELECT count(*) FROM messages`)).rows[0].count);

/**
 * Sends `attachments` and expects a refusal with `status`: nothing at the sink, and no message
 * recorded (400), or the message recorded as failed with the answer's reason (422: it had passed
 * its checks when the fetch failed).
 */
async function refused(s: OwnServer, attachments: unknown[], status: number) {
  const sink = s === open ? sinks.open! : sinks.shipped!;
  const before = { messages: await messageCount(s), mails: sink.messages.length };
  const res = await send(s, attachments);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(sink.messages.length).toBe(before.mails);
  expect(JSON.stringify(res.body)).not.toContain("secret-token");
  if (status === 422) {
    expect(await messageCount(s)).toBe(before.messages + 1);
    const [row] = (await s.sql.query(`SELECT status, error FROM messages ORDER BY created_at DESC LIMIT 1`)).rows;
    expect(row).toEqual({ status: "failed", error: res.body.error });
  } else expect(await messageCount(s)).toBe(before.messages);
  return res.body as { code: string; error: string };
}

describe("with ALLOW_PRIVATE_ATTACHMENT_URLS on", () => {
  it("fetches the file at send time: the sent MIME carries it beside an inline one, named from the URL", async () => {
    const res = await send(open, [
      { filename: "note.txt", content: Buffer.from("inline note").toString("base64") },
      { path: `${files.base}/files/invoice.pdf` },
      { path: `${files.base}/hop/2`, filename: "renamed.pdf", contentType: "application/x-custom" },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent" });
    const parsed = await simpleParser(sinks.open!.messages.at(-1)!.raw);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["note.txt", "text/plain"],
      ["invoice.pdf", "application/pdf"],
      ["renamed.pdf", "application/x-custom"],
    ]);
    expect(parsed.attachments[0].content.toString()).toBe("inline note");
    expect(Buffer.compare(parsed.attachments[1].content, PDF)).toBe(0);
    expect(Buffer.compare(parsed.attachments[2].content, PDF)).toBe(0);
    // The record keeps names, types and sizes, never the bytes.
    const row = (await open.sql.query(`SELECT attachments FROM messages WHERE id = $1`, [res.body.data.id])).rows[0];
    expect(row.attachments).toEqual([
      { filename: "note.txt", contentType: "application/octet-stream", size: 11 }, // inline without a type, as before
      { filename: "invoice.pdf", contentType: "application/pdf", size: PDF.length },
      { filename: "renamed.pdf", contentType: "application/x-custom", size: PDF.length },
    ]);
  });

  it("a 404 is a 422 naming the attachment, never the host's body; nothing sent", async () => {
    const body = await refused(open, [{ filename: "a.txt", content: "aGk=" }, { path: `${files.base}/docs/missing.pdf` }], 422);
    expect(body).toMatchObject({
      code: "ATTACHMENT_FETCH_FAILED",
      error: "attachment 2 (missing.pdf) could not be fetched: the host answered 404; nothing was sent",
    });
  });

  it("a file past the 40 MiB is a 422, whether its length is declared or not", async () => {
    for (const path of ["/declared-huge", "/streamed-huge"]) {
      const body = await refused(open, [{ path: `${files.base}${path}`, filename: "big.bin" }], 422);
      expect(body.error).toBe(
        "attachment 1 (big.bin) could not be fetched: with the other attachments it is larger than the 40 MiB a message may carry; nothing was sent",
      );
    }
  });

  it("more than 3 redirects is a 422", async () => {
    const body = await refused(open, [{ path: `${files.base}/hop/3` }], 422);
    expect(body.error).toBe("attachment 1 (3) could not be fetched: it was redirected more than 3 times; nothing was sent");
  });

  it("a send refused for another reason fetches nothing: test mode answers first", async () => {
    await open.sql.query(`UPDATE organizations SET send_mode = 'test'`);
    try {
      const before = files.connections();
      const res = await send(open, [{ path: `${files.base}/files/invoice.pdf` }], { to: "stranger@example.test" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("TEST_MODE_RECIPIENT");
      expect(files.connections()).toBe(before);
    } finally {
      await open.sql.query(`UPDATE organizations SET send_mode = 'production'`);
    }
  });

  it("a batch's fetches share one 40 MiB: the fetch that goes past it is refused, the other items go", async () => {
    const item = (path: string) => ({
      from: "ann@sender.test",
      to: "r@example.test",
      subject: "Shared",
      text: "x",
      attachments: [{ path }],
    });
    // 25 MiB fits one message; twice that does not fit one request (the two fetch side by side, so
    // the bytes the refused one read count too and both may be refused).
    const res = await call("/api/v1/email/batch", {
      base: open.server.url,
      key: open.key,
      body: [item(`${files.base}/sized/25`), item(`${files.base}/files/invoice.pdf`), item(`${files.base}/sized/25`)],
    });
    expect(res.status).toBe(200);
    const [first, small, last] = res.body.data;
    expect(small).toMatchObject({ status: "sent" });
    const refusedBig = [first, last].filter((e) => e.code === "ATTACHMENT_FETCH_FAILED");
    expect(refusedBig.length).toBeGreaterThanOrEqual(1);
    for (const e of refusedBig) expect(e.error).toContain("larger than the 40 MiB");
  });

  it("legacy send, batch and scheduled sends fetch through the same path", async () => {
    const legacy = await send(open, [{ path: `${files.base}/docs/missing.pdf` }], {}, "/api/email/send");
    expect(legacy.status).toBe(422);
    expect(legacy.body).toMatchObject({ code: "ATTACHMENT_FETCH_FAILED" });

    const item = (attachments: unknown[]) => ({ from: "ann@sender.test", to: "r@example.test", subject: "Batch", text: "x", attachments });
    const batch = await call("/api/v1/email/batch", {
      base: open.server.url,
      key: open.key,
      body: [item([{ path: `${files.base}/files/invoice.pdf` }]), item([{ path: `${files.base}/docs/missing.pdf` }])],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data[0]).toMatchObject({ status: "sent" });
    expect(batch.body.data[1]).toEqual({
      code: "ATTACHMENT_FETCH_FAILED",
      error: "attachment 1 (missing.pdf) could not be fetched: the host answered 404; nothing was sent",
    });

    const later = new Date(Date.now() + 1_500).toISOString();
    const good = await send(open, [{ path: `${files.base}/files/invoice.pdf` }], { subject: "Later", scheduledAt: later });
    const bad = await send(open, [{ path: `${files.base}/docs/missing.pdf` }], { subject: "Later, missing", scheduledAt: later });
    expect([good.status, bad.status]).toEqual([200, 200]);
    const row = (id: string) => open.sql.query(`SELECT status, error FROM scheduled_emails WHERE id = $1`, [id]).then((r) => r.rows[0]);
    const finished = (r: { status: string }) => ["sent", "failed"].includes(r.status);
    expect(await until(() => row(good.body.data.id), finished)).toMatchObject({ status: "sent" });
    expect(await until(() => row(bad.body.data.id), finished)).toEqual({
      status: "failed",
      error: "attachment 1 (missing.pdf) could not be fetched: the host answered 404; nothing was sent",
    });
    const mail = sinks.open!.messages.find((m) => m.raw.includes("Subject: Later\r\n"));
    expect(mail).toBeDefined();
    const parsed = await simpleParser(mail!.raw);
    expect(Buffer.compare(parsed.attachments[0].content, PDF)).toBe(0);
    expect(sinks.open!.messages.some((m) => m.raw.includes("Later, missing"))).toBe(false);
  });
});

describe("as shipped (ALLOW_PRIVATE_ATTACHMENT_URLS unset)", () => {
  it("plain http and a private address written as a literal are a 400 naming the field and the switch", async () => {
    const before = files.connections();
    const plain = await refused(shipped, [{ path: "http://files.example.com/invoice.pdf" }], 400);
    expect(plain).toMatchObject({
      code: "VALIDATION_ERROR",
      error: expect.stringContaining("body.attachments.0.path: must be an https URL"),
    });
    expect(plain.error).toContain("ALLOW_PRIVATE_ATTACHMENT_URLS");
    const literal = await refused(shipped, [{ path: `https://127.0.0.1:${files.port}/files/invoice.pdf` }], 400);
    expect(literal.error).toContain("body.attachments.0.path: attachment host 127.0.0.1 is a loopback address");
    expect(files.connections()).toBe(before);
  });

  it("a name that resolves to a private address is refused at connect time: 422, no connection made", async () => {
    const before = files.connections();
    const body = await refused(shipped, [{ path: `https://files.attachments.test:${files.port}/files/invoice.pdf` }], 422);
    expect(body).toEqual({
      code: "ATTACHMENT_FETCH_FAILED",
      error:
        "attachment 1 (invoice.pdf) could not be fetched: blocked by the outbound address policy: attachment host cannot reach files.attachments.test: it does not resolve to a public address (the operator's ALLOW_PRIVATE_ATTACHMENT_URLS allows http and local or private addresses); nothing was sent",
      requestId: expect.stringMatching(/^req_/),
    });
    expect(files.connections()).toBe(before);
  });
});
