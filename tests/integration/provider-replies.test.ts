// What a provider's remote side says never reaches the tenant when the provider is aimed at a
// host of the tenant's choosing (a custom base URL or endpoint, any SMTP relay): the connection
// test, the provider's lastError, a failed send's error and the message's recorded error say
// what failed (status, refused, timeout) in Mailroom's own words. Against servers on 127.0.0.1
// that answer with text standing for cloud-metadata secrets (the shared servers allow private
// provider hosts, as a self-hoster's would).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server, type Socket } from "node:net";
import { call } from "../helpers/http";
import { newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { startFakeHttpProvider, type FakeHttpProvider } from "../helpers/fake-http-provider";
import { db } from "@/lib/db/client";

const SECRET = "AKIA-METADATA-SECRET";

/** A TCP server on 127.0.0.1 that answers every line with `reply(line)` after greeting with `greeting`. */
async function scriptedTcp(greeting: string, reply: (line: string) => string): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.write(`${greeting}\r\n`);
    socket.on("data", (chunk) => {
      for (const line of chunk.toString("utf8").split("\r\n").filter(Boolean)) socket.write(`${reply(line)}\r\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as { port: number }).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

let org: Awaited<ReturnType<typeof newOrg>>;
let fake: FakeHttpProvider;
beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  await db().organization.update({ where: { id: org.org.id }, data: { plan: "enterprise" } }); // no provider quota
  fake = await startFakeHttpProvider();
});
afterAll(() => fake.close());

async function provider(type: string, config: Record<string, unknown>) {
  const res = await call("/api/providers", { cookie: org.cookie, body: { name: `${type} ${Math.random()}`, type, config } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function tested(id: string) {
  const res = await call(`/api/providers/${id}/test`, { cookie: org.cookie, method: "POST" });
  expect(res.status).toBe(200);
  const row = await db().provider.findUniqueOrThrow({ where: { id } });
  return {
    ...res.body,
    lastError: row.lastError,
    shown: JSON.stringify((await call(`/api/providers/${id}`, { cookie: org.cookie })).body),
  };
}

describe("the connection test says nothing of a custom host's reply", () => {
  it("HTTP APIs: a success names no field of the answer; failures give the status only", async () => {
    fake.respond({ status: 200, body: { Name: SECRET, ErrorCode: 0 } });
    const postmark = await provider("postmark", { serverToken: "t", baseUrl: fake.url });
    const ok = await tested(postmark);
    expect(ok.success).toBe(true);
    expect(ok.message).toBe(`Authenticated at ${new URL(fake.url).host}`);

    const answers = [
      { status: 500, body: `instance-id: i-0abc\niam/security-credentials/${SECRET}` },
      { status: 422, body: { ErrorCode: 300, Message: SECRET } },
      { status: 401, body: { message: SECRET, errors: [{ message: SECRET }], statusCode: 401, name: "invalid_api_key" } },
      { status: 200, body: `<html>${SECRET}</html>` },
    ];
    const providers = [
      postmark,
      await provider("sendgrid", { apiKey: "SG.x", baseUrl: fake.url }),
      await provider("mailgun", { apiKey: "k", domain: "mg.test", baseUrl: fake.url }),
      await provider("resend", { apiKey: "re_x", baseUrl: fake.url }),
      await provider("ses", { region: "eu-west-1", accessKeyId: "AKIA", secretAccessKey: "s", endpoint: fake.url }),
    ];
    for (const answer of answers) {
      fake.respond(answer);
      for (const id of providers) {
        const result = await tested(id);
        const label = `${id} ${answer.status}`;
        if (answer.status !== 200) expect(result.success, label).toBe(false);
        for (const text of [result.message, result.lastError ?? "", result.shown]) expect(text, label).not.toContain(SECRET);
        if (answer.status !== 200) expect(result.message, label).toMatch(new RegExp(`answered ${answer.status}`));
      }
    }
  });

  it("SMTP: neither the greeting nor a refusal's text is repeated, only its code", async () => {
    const refusing = await scriptedTcp(`220 ${SECRET} ESMTP`, (line) =>
      line.startsWith("EHLO") ? `554 5.7.1 ${SECRET}` : `554 ${SECRET}`,
    );
    const notSmtp = await scriptedTcp(`HTTP/1.1 400 Bad Request ${SECRET}`, () => `HTTP/1.1 400 ${SECRET}`);
    try {
      const refused = await tested(await provider("smtp", { host: "127.0.0.1", port: refusing.port, secure: false }));
      expect(refused.success).toBe(false);
      expect(refused.message).toMatch(/^SMTP: the server refused \(554/);
      const confused = await tested(await provider("smtp", { host: "127.0.0.1", port: notSmtp.port, secure: false }));
      expect(confused.success).toBe(false);
      for (const result of [refused, confused]) {
        for (const text of [result.message, result.lastError ?? "", result.shown]) expect(text).not.toContain(SECRET);
      }
    } finally {
      await refusing.close();
      await notSmtp.close();
    }
  });
});

describe("a failed send records no reply text", () => {
  it("the send's error, the message's error and the provider's lastError say only the status", async () => {
    await db().provider.updateMany({ where: { orgId: org.org.id }, data: { isActive: false } });
    const id = await provider("postmark", { serverToken: "t", baseUrl: fake.url });
    const key = (await call("/api/api-keys", { cookie: org.cookie, body: { name: "k", scopes: ["email:send"] } })).body.key as string;
    fake.respond({ status: 503, body: `metadata ${SECRET}` });
    const sent = await call("/api/v1/email/send", {
      key,
      body: { from: "ann@sender.test", to: "x@example.test", subject: "Hi", text: "x" },
    });
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(sent.body)).toContain("Postmark answered 503");
    expect(JSON.stringify(sent.body)).not.toContain(SECRET);
    const row = await db().provider.findUniqueOrThrow({ where: { id } });
    expect(row.lastError).toBe("Postmark answered 503");
    const messages = await db().message.findMany({ where: { orgId: org.org.id } });
    for (const m of messages) expect(JSON.stringify(m, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(SECRET);
    const recorded = [
      ...(await db().emailEvent.findMany({ where: { orgId: org.org.id } })),
      ...(await db().auditLog.findMany({ where: { orgId: org.org.id } })),
    ];
    for (const r of recorded) expect(JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(SECRET);
  });
});
