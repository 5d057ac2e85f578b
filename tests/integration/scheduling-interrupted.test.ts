// A scheduled send whose process died mid-send is run again by its job (docs/sending.md,
// Crashes). The row is linked to its message before any provider has it, and the message
// records the provider it was handed to, so the second run knows what happened:
// - handed to a provider, no outcome: the provider may have it. Not sent again: the message is
//   left unconfirmed and the scheduled email sent, both saying why;
// - never handed to a provider: it never left. That message is failed (its count given back)
//   and the email is sent now, once;
// - sent already (only the scheduled row's bookkeeping was lost): nothing is sent again.
// The whole crash, with a real SIGKILL, is tests/faults/kill-mid-work.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { sendScheduledJob, INTERRUPTED } from "@/lib/scheduling/send-scheduled-job";

let org: Awaited<ReturnType<typeof newOrg>>;
let key: string;
let sink: SmtpSink;
let providerId: string;

beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  key = (await createKey(org.cookie, ["email:send"])).key;
  sink = await newSink();
  providerId = (await smtpProvider(org.cookie, sink)).id;
});
afterAll(() => sink?.close());

/** A scheduled email as a killed run left it: 'sending', linked to a message in the given state. */
async function interrupted(subject: string, message: { status: string; providerId: string | null }) {
  const res = await call("/api/email/schedule", {
    key,
    body: {
      from: "ann@sender.test",
      to: "reader@example.test",
      subject,
      text: "once",
      scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(res.status).toBe(200);
  const id = res.body.id as string;
  await db().job.deleteMany({ where: { dedupeKey: `scheduled:${id}` } }); // this test runs the job itself
  const m = await db().message.create({
    data: {
      orgId: org.org.id,
      fromAddress: "ann@sender.test",
      to: ["reader@example.test"],
      cc: [],
      bcc: [],
      subject,
      sendMode: "production",
      messageIdHeader: `<${id}@interrupted.test>`,
      status: message.status,
      providerId: message.providerId,
    },
  });
  await db().scheduledEmail.update({ where: { id }, data: { status: "sending", messageId: m.id } });
  return { id, messageId: m.id };
}

const run = (scheduledEmailId: string) => sendScheduledJob.run({ scheduledEmailId }, { jobId: "test", attempt: 2 });

describe("a scheduled send run again after its process died", () => {
  it("handed to a provider: not sent again; the message is left unconfirmed, the email sent, saying why", async () => {
    const before = sink.messages.length;
    const { id, messageId } = await interrupted("Handed over", { status: "queued", providerId });
    await run(id);
    expect(sink.messages.length).toBe(before);
    const message = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect(message).toMatchObject({ status: "unconfirmed", providerId, error: INTERRUPTED, reconcileAt: null });
    const row = await db().scheduledEmail.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", messageId, error: INTERRUPTED });
    expect(row.result).toMatchObject({ id: messageId, status: "unconfirmed", provider: expect.stringMatching(/^smtp /) });
  });

  it("never handed to a provider: that message failed, the email sent now, once", async () => {
    const before = sink.messages.length;
    const { id, messageId } = await interrupted("Never left", { status: "queued", providerId: null });
    await run(id);
    expect(sink.messages.length).toBe(before + 1);
    expect(await db().message.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({
      status: "failed",
      error: "interrupted before it was handed to a provider",
    });
    const row = await db().scheduledEmail.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe("sent");
    expect(row.messageId).not.toBe(messageId);
    expect(await db().message.findUniqueOrThrow({ where: { id: row.messageId! } })).toMatchObject({
      status: "sent",
      subject: "Never left",
    });
  });

  it("sent already: only the bookkeeping is finished, nothing is sent again", async () => {
    const before = sink.messages.length;
    const { id, messageId } = await interrupted("Already sent", { status: "sent", providerId });
    await run(id);
    expect(sink.messages.length).toBe(before);
    expect(await db().scheduledEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent", messageId, error: null });
  });
});
