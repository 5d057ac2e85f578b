// Running a message's rules again (a retried job after a crash) never repeats what was done:
// recorded outcomes are skipped, and a send whose outcome was lost is answered by its
// idempotency key instead of going out twice.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { processInbound } from "@/lib/inbound/process-inbound";
import { call } from "../../helpers/http";
import { newOrg } from "../../helpers/factory";
import { productionMode } from "../../helpers/sending";

let org: Awaited<ReturnType<typeof newOrg>>;
let ruleId: string;

/** A received message recorded without its job, so only this test processes it. */
const received = (ruleResults: unknown[] = []) =>
  db().inboundMessage.create({
    data: { orgId: org.org.id, source: "smtp", size: 100, subject: `resume ${Date.now()}`, fromAddress: "ann@sender.test", toAddresses: ["desk@in.resume.test"], text: "hello", ruleResults: ruleResults as never },
  });

const forwardsOf = (inboundId: string) => db().message.count({ where: { orgId: org.org.id, metadata: { path: ["inboundMessageId"], equals: inboundId } } });

beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  const res = await call("/api/inbound/rules", {
    cookie: org.cookie,
    body: { name: "forward all", conditions: [{ field: "subject", operator: "starts_with", value: "resume" }], actions: [{ type: "forward", to: ["ops@team.test"] }, { type: "store" }] },
  });
  expect(res.status).toBe(200);
  ruleId = res.body.id;
});

describe("processing again", () => {
  it("skips an action whose outcome was recorded", async () => {
    const m = await received([{ ruleId, name: "forward all", actions: [{ type: "forward", status: "done", detail: "sent earlier" }] }]);
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toBe(0);
    const after = await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } });
    expect(after).toMatchObject({ status: "processed", inInbox: true });
    expect(after.ruleResults).toEqual([{ ruleId, name: "forward all", actions: [{ type: "forward", status: "done", detail: "sent earlier" }, { type: "store", status: "done", detail: null }] }]);
  });

  it("sends once even when the first run's record of the send was lost", async () => {
    const m = await received();
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toBe(1);
    // As if the process died after sending but before recording the outcome.
    await db().inboundMessage.update({ where: { id: m.id }, data: { status: "received", ruleResults: [] } });
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toBe(1);
    const after = await db().inboundMessage.findUniqueOrThrow({ where: { id: m.id } });
    expect(after.status).toBe("processed");
  });

  it("does nothing for a message already processed", async () => {
    const m = await received();
    await processInbound(m.id);
    await processInbound(m.id);
    expect(await forwardsOf(m.id)).toBe(1);
  });
});
