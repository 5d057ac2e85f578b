// Running a message's rules again (a retried job after a crash) never repeats what was done:
// the plan recorded on the first run is followed, recorded outcomes are skipped, and a send
// whose outcome was lost is settled from the messages log instead of going out twice. A
// message whose processing fails for good stays in the inbox.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { processInbound } from "@/lib/inbound/process-inbound";
import { call } from "../../helpers/http";
import { newOrg } from "../../helpers/factory";
import { productionMode } from "../../helpers/sending";

let org: Awaited<ReturnType<typeof newOrg>>;
let ruleId: string;
const forwardAction = { type: "forward", to: ["ops@team.test"] };
const planned = [forwardAction, { type: "store" }];

/** A received message recorded without its job, so only this test processes it. */
const received = (ruleResults: unknown[] = []) =>
  db().inboundMessage.create({
    data: {
      orgId: org.org.id,
      source: "smtp",
      size: 100,
      subject: `resume ${Date.now()}`,
      fromAddress: "ann@sender.test",
      toAddresses: ["desk@in.resume.test"],
      text: "hello",
      ruleResults: ruleResults as never,
    },
  });

const forwardsOf = (inboundId: string) =>
  db().message.findMany({ where: { orgId: org.org.id, metadata: { path: ["inboundMessageId"], equals: inboundId } } });
const keyOf = (inboundId: string) => `inbound:${inboundId}:${ruleId}:0`;

beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  const res = await call("/api/inbound/rules", {
    cookie: org.cookie,
    body: {
      name: "forward all",
      conditions: [{ field: "subject", operator: "starts_with", value: "resume" }],
      actions: [forwardAction, { type: "store" }],
    },
  });
  expect(res.status).toBe(200);
  ruleId = res.body.id;
});

describe("processing again", () => {
  it("skips an action whose outcome was recorded", async () => {
    const m = await received([
      { ruleId, name: "forward all", planned, actions: [{ type: "forward", status: "done", detail: "sent earlier" }] },
    ]);
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toHaveLength(0);
    const after = await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } });
    expect(after).toMatchObject({ status: "processed", inInbox: true });
    expect(after.ruleResults).toEqual([
      {
        ruleId,
        name: "forward all",
        planned,
        actions: [
          { type: "forward", status: "done", detail: "sent earlier" },
          { type: "store", status: "done", detail: null },
        ],
      },
    ]);
  });

  it("follows the recorded plan even when the rules changed meanwhile", async () => {
    const m = await received([
      { ruleId, name: "forward all", planned: [{ type: "tag", tags: ["planned"] }, { type: "store" }], actions: [] },
    ]);
    await processInbound(m.id);
    const after = await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } });
    expect(after.tags).toEqual(["planned"]);
    expect(await forwardsOf(m.id)).toHaveLength(0);
  });

  it("does nothing for a message already processed", async () => {
    const m = await received();
    await processInbound(m.id);
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toHaveLength(1);
  });
});

describe("a send cut off by a crash", () => {
  it("was recorded as sent: done, not sent again", async () => {
    const m = await received();
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toHaveLength(1);
    // As if the process died after sending but before recording the outcome.
    await db().inboundMessage.update({ where: { id: m.id }, data: { status: "received", ruleResults: [] } });
    await db().idempotencyKey.update({
      where: { orgId_key: { orgId: org.org.id, key: keyOf(m.id) } },
      data: { responseBody: Prisma.DbNull, responseStatus: null },
    });
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toHaveLength(1);
    const after = await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } });
    expect(after.status).toBe("processed");
    expect(after.ruleResults).toMatchObject([{ actions: [{ type: "forward", status: "done" }, { type: "store" }] }]);
  });

  it("still in progress (another run has it): retried later, not sent", async () => {
    const m = await received();
    await db().idempotencyKey.create({ data: { orgId: org.org.id, key: keyOf(m.id), requestHash: "x" } });
    await expect(processInbound(m.id)).rejects.toThrow(/still in progress/);
    expect(await forwardsOf(m.id)).toHaveLength(0);
    expect((await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } })).status).toBe("received");
  });

  it("abandoned before the message was recorded: the key is freed and the next run sends once", async () => {
    const m = await received();
    await db().idempotencyKey.create({
      data: { orgId: org.org.id, key: keyOf(m.id), requestHash: "x", createdAt: new Date(Date.now() - 10 * 60_000) },
    });
    await expect(processInbound(m.id)).rejects.toThrow(/interrupted before it went out/);
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toHaveLength(1);
  });

  it("abandoned while the provider had it: failed, never resent, and the message kept", async () => {
    const m = await received();
    await db().idempotencyKey.create({
      data: { orgId: org.org.id, key: keyOf(m.id), requestHash: "x", createdAt: new Date(Date.now() - 10 * 60_000) },
    });
    await db().message.create({
      data: {
        orgId: org.org.id,
        fromAddress: "desk@in.resume.test",
        to: ["ops@team.test"],
        cc: [],
        bcc: [],
        subject: "Fwd",
        status: "queued",
        sendMode: "production",
        messageIdHeader: "<interrupted@in.resume.test>",
        metadata: { inboundMessageId: m.id, inboundAction: keyOf(m.id) },
      },
    });
    await processInbound(m.id);
    const after = await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } });
    expect(after).toMatchObject({ status: "processed", inInbox: true, text: "hello" });
    expect(after.ruleResults).toMatchObject([
      { actions: [{ type: "forward", status: "failed", detail: expect.stringMatching(/not sent again/) }, { type: "store" }] },
    ]);
    expect(await forwardsOf(m.id)).toHaveLength(1); // only the interrupted one
  });

  it("failing on the last attempt keeps the message in the inbox, marked failed", async () => {
    const m = await received();
    await db().idempotencyKey.create({ data: { orgId: org.org.id, key: keyOf(m.id), requestHash: "x" } });
    await expect(processInbound(m.id, { lastAttempt: true })).rejects.toThrow();
    expect(await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } })).toMatchObject({
      status: "failed",
      inInbox: true,
      text: "hello",
    });
  });
});
