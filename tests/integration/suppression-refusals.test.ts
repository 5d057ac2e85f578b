// Every send path refuses suppressed recipients, per recipient: nothing goes to them, the rest
// of the send goes out, and the refusal is reported (the result's `suppressed`, an email.dropped
// event each, or RECIPIENT_SUPPRESSED when nobody is left). Checked on what an SMTP sink
// actually receives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import { postmarkInboundProvider, receive } from "../helpers/inbound-post";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let org: Awaited<ReturnType<typeof newOrg>>;
let sink: SmtpSink;
let key: string;

const suppress = (email: string, reason = "bounce") => db().suppression.create({ data: { orgId: org.org.id, email, reason } });
const rcpts = () => sink.messages.flatMap((m) => m.rcptTo);
const counted = async () => (await db().sendCounter.findFirst({ where: { orgId: org.org.id } }))?.count ?? 0;

beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  sink = await newSink();
  sinks.push(sink);
  await smtpProvider(org.cookie, sink);
  key = (await createKey(org.cookie, ["email:send", "templates:write", "inbox:read", "inbox:send"])).key;
  await suppress("gone@example.test");
  await suppress("complainer@example.test", "complaint");
});

describe("sends to suppressed recipients", () => {
  it("v1: only suppressed recipients → 422 RECIPIENT_SUPPRESSED, nothing recorded, counted or sent; audited", async () => {
    const before = {
      sent: sink.messages.length,
      counted: await counted(),
      messages: await db().message.count({ where: { orgId: org.org.id } }),
    };
    const res = await call("/api/v1/email/send", {
      key,
      body: { to: ["Gone@Example.test"], cc: "complainer@example.test", subject: "Nobody", text: "x" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "RECIPIENT_SUPPRESSED",
      error: expect.stringMatching(/gone@example\.test, complainer@example\.test are on this organization's suppression list/),
    });
    expect(sink.messages.length).toBe(before.sent);
    expect(await counted()).toBe(before.counted);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before.messages);
    const audit = await db().auditLog.findFirstOrThrow({ where: { orgId: org.org.id, outcome: "refused_suppressed" } });
    expect(audit.metadata).toMatchObject({ suppressed: ["gone@example.test", "complainer@example.test"] });
  });

  it("v1: the others still get it; the result and an email.dropped event name who was left out", async () => {
    const before = sink.messages.length;
    const res = await call("/api/v1/email/send", {
      key,
      body: {
        to: ["gone@example.test", "keep@example.test"],
        cc: ["complainer@example.test", "also@example.test"],
        bcc: "GONE@example.test",
        subject: "Some",
        text: "x",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", suppressed: ["gone@example.test", "complainer@example.test"] });
    expect(sink.messages.length).toBe(before + 1);
    expect(sink.messages.at(-1)!.rcptTo.sort()).toEqual(["also@example.test", "keep@example.test"]);
    const parsed = await simpleParser(sink.messages.at(-1)!.raw);
    expect(parsed.to).toMatchObject({ value: [{ address: "keep@example.test" }] });
    expect(String(parsed.headers.get("cc") ? (parsed.cc as { text: string }).text : "")).not.toContain("complainer");
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ to: ["keep@example.test"], cc: ["also@example.test"], bcc: [] });
    const dropped = await db().emailEvent.findMany({
      where: { messageId: res.body.data.id, type: "email.dropped" },
      orderBy: { recipient: "asc" },
    });
    expect(dropped.map((e) => [e.recipient, e.reason])).toEqual([
      ["complainer@example.test", expect.stringMatching(/^suppressed/)],
      ["gone@example.test", expect.stringMatching(/^suppressed/)],
    ]);
  });

  it("a suppressed To is replaced by the first Cc, never by a Bcc", async () => {
    const res = await call("/api/v1/email/send", {
      key,
      body: { to: "gone@example.test", cc: "up@example.test", bcc: "hidden@example.test", subject: "Moved", text: "x" },
    });
    expect(res.status).toBe(200);
    const parsed = await simpleParser(sink.messages.at(-1)!.raw);
    expect(parsed.to).toMatchObject({ value: [{ address: "up@example.test" }] });
    expect(sink.messages.at(-1)!.rcptTo.sort()).toEqual(["hidden@example.test", "up@example.test"]);
    const onlyBcc = await call("/api/v1/email/send", {
      key,
      body: { to: "gone@example.test", bcc: "hidden@example.test", subject: "No To", text: "x" },
    });
    expect(onlyBcc.status).toBe(422);
  });

  it("legacy /api/email/send refuses the same way, in the legacy error shape", async () => {
    const res = await call("/api/email/send", { key, body: { to: "gone@example.test", subject: "Legacy", text: "x" } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: expect.stringMatching(/suppression list/), code: "RECIPIENT_SUPPRESSED" });
  });

  it("send-templated: one result per recipient, the suppressed one failed with RECIPIENT_SUPPRESSED", async () => {
    const t = await call("/api/v1/templates", { key, body: { name: `t-${Date.now()}`, subject: "Hi {{name}}", text: "Hi {{name}}" } });
    expect(t.status).toBe(201);
    const before = rcpts().length;
    const res = await call("/api/email/send-templated", {
      key,
      body: { templateId: t.body.data.id, recipients: ["ok@example.test", "gone@example.test"], variables: { name: "you" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { recipient: "ok@example.test", id: expect.any(String), status: "sent" },
      {
        recipient: "gone@example.test",
        id: null,
        status: "failed",
        code: "RECIPIENT_SUPPRESSED",
        error: expect.stringMatching(/suppression list/),
      },
    ]);
    expect(rcpts().slice(before)).toEqual(["ok@example.test"]);
  });

  it("a scheduled send to a recipient suppressed since fails when it comes due, sending nothing", async () => {
    const res = await call("/api/v1/email/send", {
      key,
      body: { to: "later@example.test", subject: "Later", text: "x", scheduledAt: new Date(Date.now() + 2_000).toISOString() },
    });
    expect(res.status).toBe(200);
    await suppress("later@example.test", "unsubscribe");
    const deadline = Date.now() + 20_000;
    let row = await db().scheduledEmail.findUniqueOrThrow({ where: { id: res.body.data.id } });
    while (!["failed", "sent"].includes(row.status) && Date.now() < deadline) {
      await sleep(200);
      row = await db().scheduledEmail.findUniqueOrThrow({ where: { id: res.body.data.id } });
    }
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/suppression list/);
    expect(rcpts()).not.toContain("later@example.test");
  });

  it("an inbox reply to a suppressed sender is refused with 422", async () => {
    const provider = await postmarkInboundProvider(org.cookie);
    const id = await receive(provider, {
      from: { email: "complainer@example.test" },
      to: [{ email: "support@acme.test" }],
      subject: "Angry",
      text: "x",
    });
    const res = await call(`/api/v1/inbox/messages/${id}/reply`, { key, body: { text: "Sorry" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("RECIPIENT_SUPPRESSED");
  });
});
