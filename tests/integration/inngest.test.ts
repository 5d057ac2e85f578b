// The Inngest side of durable work: the serve route registers exactly the jobs lib/ knows,
// and a job function drives a row through lib/ (tested with @inngest/test, no server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { NextRequest } from "next/server";
import { InngestTestEngine } from "@inngest/test";
import { jobRegistry, type JobRegistry } from "@/lib/jobs/registry";
import { defineJob, type JobDefinition } from "@/lib/jobs/define-job";
import { insertJob } from "@/lib/jobs/job-store";
import { db } from "@/lib/db/client";
import { createOrganization } from "@/lib/orgs/create-organization";
import { newWebhookSecret } from "@/lib/webhooks/signing";
import { withOwnDatabase } from "../helpers/own-database";
import { startReceiver, verifyByHand, type Receiver } from "../helpers/webhook-receiver";

const saved = { ...process.env };
beforeAll(() => {
  process.env.INNGEST_DEV = "1";
});
afterAll(() => {
  process.env = saved;
});

describe("Inngest serve route", () => {
  it("in-band sync lists one function per registered job and two per lane (the webhook deliveries'), with the triggers lib/ expects", async () => {
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    const route = await import("@/app/api/inngest/route");
    const { functionId } = await import("@/inngest/functions");
    const { jobEventName } = await import("@/inngest/client");
    const url = "http://127.0.0.1:3000/api/inngest";
    const res = await route.PUT(
      new NextRequest(url, {
        method: "PUT",
        headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band" },
        body: JSON.stringify({ url }),
      }),
      undefined as never,
    );
    const body = (await res.json()) as { functions: { id: string; triggers: { event?: string; cron?: string }[] }[] };
    const served = body.functions.map((f) => ({ id: f.id.replace(/^mailroom-/, ""), trigger: f.triggers[0] }));
    const { laneEventNames } = await import("@/inngest/client");
    const { batchLanes } = await import("@/lib/jobs/lanes");
    expect(batchLanes.map((l) => [l.name, l.inngest.item])).toEqual([["webhook", "delivery"]]);
    const { fanOut: FAN_OUT_EVENT, item: DELIVERY_EVENT } = laneEventNames("webhook", "delivery");
    expect([FAN_OUT_EVENT, DELIVERY_EVENT]).toEqual(["mailroom/webhook.fan-out", "mailroom/webhook.delivery"]);
    const expected = [
      ...[...jobRegistry.values()].map((def) => ({
        id: functionId(def.name),
        trigger: def.recurEverySeconds ? { cron: expect.any(String) } : { event: jobEventName(def.name) },
      })),
      { id: "webhook-fan-out", trigger: { event: FAN_OUT_EVENT } },
      { id: "webhook-delivery", trigger: { event: DELIVERY_EVENT } },
    ];
    expect(served).toEqual(expected);
    expect(served.length).toBeGreaterThan(0);
  });
});

describe("Inngest job function", () => {
  it("waits until the row is due, runs it in a step and records the outcome", async () => {
    const { buildFunctions } = await import("@/inngest/functions");
    const seen: string[] = [];
    const def = defineJob({
      name: "test.inngest-run",
      payload: z.object({ word: z.string() }),
      maxAttempts: 3,
      async run({ word }) {
        seen.push(word);
      },
    });
    const registry: JobRegistry = new Map([[def.name, def as JobDefinition<never>]]);
    // Due in an hour, so the app servers' embedded runners leave it alone.
    const runAt = new Date(Date.now() + 3_600_000);
    const jobId = (await insertJob(db(), { name: def.name, payload: { word: "hello" }, runAt, maxAttempts: 3 }))!;
    const [fn] = buildFunctions(registry);
    const engine = new InngestTestEngine({
      function: fn,
      events: [{ name: "mailroom/job.test.inngest-run", data: { jobId, runAt: runAt.toISOString() } }],
      steps: [{ id: "wait-until-due", handler: () => undefined }],
    });
    const { result } = await engine.execute();
    expect(result).toEqual({ status: "done" });
    expect(seen).toEqual(["hello"]);
    expect((await db().job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("done");
    // Running the same step again (an Inngest retry) does nothing: the row is no longer queued.
    const again = await new InngestTestEngine({
      function: fn,
      events: [{ name: "mailroom/job.test.inngest-run", data: { jobId, runAt: runAt.toISOString() } }],
      steps: [{ id: "wait-until-due", handler: () => undefined }],
    }).execute();
    expect(again.result).toEqual({ status: "skipped" });
    expect(seen).toEqual(["hello"]);
  });
});

/** The delivery lane's two functions, as inngest/functions.ts builds them. */
async function deliveryFunctions() {
  const { laneFunctions } = await import("@/inngest/functions");
  const { laneEventNames } = await import("@/inngest/client");
  const { deliveryLane } = await import("@/lib/webhooks/delivery-lane");
  const [webhookFanOut, webhookDelivery] = laneFunctions(deliveryLane);
  const { fanOut: FAN_OUT_EVENT, item: DELIVERY_EVENT } = laneEventNames(deliveryLane.name, deliveryLane.inngest.item);
  return { webhookFanOut, webhookDelivery, FAN_OUT_EVENT, DELIVERY_EVENT };
}

describe("Inngest webhook functions", () => {
  // A database of its own: the app servers' embedded runners would otherwise race these
  // functions for the same delivery rows.
  withOwnDatabase("mailroom_inngest", { WEBHOOK_RETRY_BASE_SECONDS: "0.001", ALLOW_PRIVATE_WEBHOOK_URLS: "1" });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it("the delivery function drives one delivery's attempts through lib/, sleeping between them", async () => {
    const { org } = await createOrganization({ name: "Inngest", owner: { email: "inngest@example.test", password: "inngest-password" } });
    const { secret, sealed } = newWebhookSecret();
    const endpoint = await db().webhookEndpoint.create({
      data: { orgId: org.id, url: receiver.url("/inngest"), events: [], secretSealed: sealed },
    });
    receiver.on("/inngest", { statuses: [500, 503, 200] });
    const delivery = await db().webhookDelivery.create({
      data: { orgId: org.id, endpointId: endpoint.id, eventType: "email.delivered", payload: '{"type":"email.delivered"}' },
    });
    const { webhookDelivery, DELIVERY_EVENT } = await deliveryFunctions();
    const engine = new InngestTestEngine({
      function: webhookDelivery,
      events: [{ name: DELIVERY_EVENT, data: { deliveryId: delivery.id } }],
      steps: [2, 3, 4, 5, 6, 7].map((n) => ({ id: `wait-${n}`, handler: () => new Promise((r) => setTimeout(r, 20)) })),
    });
    const { result } = await engine.execute();
    expect(result).toEqual({ next: "succeeded", nextAttemptAt: null });
    const hits = receiver.received.filter((r) => r.path === "/inngest");
    expect(hits).toHaveLength(3);
    expect(verifyByHand(hits[2], secret)).toBe(true);
    const row = await db().webhookDelivery.findUniqueOrThrow({
      where: { id: delivery.id },
      include: { attemptLog: { orderBy: { attempt: "asc" } } },
    });
    expect(row).toMatchObject({ status: "succeeded", attempts: 3 });
    expect(row.attemptLog.map((a) => a.statusCode)).toEqual([500, 503, 200]);
    // Replayed (an Inngest retry of the whole run): the row is finished, nothing is sent again.
    const again = await new InngestTestEngine({
      function: webhookDelivery,
      events: [{ name: DELIVERY_EVENT, data: { deliveryId: delivery.id } }],
    }).execute();
    expect(again.result).toEqual({ next: "succeeded", nextAttemptAt: null });
    expect(receiver.received.filter((r) => r.path === "/inngest")).toHaveLength(3);
  });

  it("the fan-out function turns one announcement into one event per delivery", async () => {
    const { webhookFanOut, FAN_OUT_EVENT } = await deliveryFunctions();
    const sent: unknown[] = [];
    const engine = new InngestTestEngine({
      function: webhookFanOut,
      events: [{ name: FAN_OUT_EVENT, data: { deliveryIds: ["a", "b", "c"] } }],
      steps: [{ id: "deliver", handler: () => sent.push("deliver") }],
    });
    const { result } = await engine.execute();
    expect(result).toEqual({ announced: 3 });
    expect(sent).toEqual(["deliver"]);
  });
});
