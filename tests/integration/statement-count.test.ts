// What durable work costs the database, counted at the driver (tests/helpers/statements.ts) on
// a database of the test's own with no runner in this process: a send (unchanged by the queue
// behind it), a batch of webhook deliveries through their lane (one statement claims the batch,
// one records it), one delivery on Inngest, and jobs queued through the port. A change that adds
// a statement to these paths shows here (PERFORMANCE.md: statements are the app's main cost).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { createOrganization } from "@/lib/orgs/create-organization";
import { sendEmail } from "@/lib/email/send-email";
import { sendEmailSchema } from "@/lib/email/schemas";
import { newWebhookSecret } from "@/lib/webhooks/signing";
import { deliveryLane } from "@/lib/webhooks/delivery-lane";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueue, enqueueMany } from "@/lib/jobs/enqueue";
import { withOwnDatabase } from "../helpers/own-database";
import { statementsOf } from "../helpers/statements";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

withOwnDatabase("mailroom_statements", { ALLOW_PRIVATE_WEBHOOK_URLS: "1" });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const inserts = (statements: string[]) => statements.filter((s) => /^INSERT INTO jobs/.test(s));

describe("statements per send, per delivery and per job queued", () => {
  it("a test-mode send costs three; its deliveries one claim and one record per batch; one delivery on Inngest two", async () => {
    const { org } = await createOrganization({
      name: "Statements",
      owner: { email: "statements@example.test", password: "statements-password" },
    });
    const { sealed } = newWebhookSecret();
    for (const path of ["/a", "/b"]) {
      await db().webhookEndpoint.create({ data: { orgId: org.id, url: receiver.url(path), events: ["email.sent"], secretSealed: sealed } });
    }
    const send = () =>
      sendEmail({
        principal: { kind: "system", orgId: org.id, actor: "statements" },
        input: sendEmailSchema.parse({ from: "a@example.test", to: ["delivered@demo.mailroom.test"], subject: "Count", text: "Counted." }),
      });
    await send(); // the first loads what later sends find cached
    const sent = await statementsOf(send);
    expect(sent.result.status).toBe("sent");
    expect(sent.statements).toHaveLength(3); // open the send, record it queued (test mode), record its outcome

    const claimed = await statementsOf(() => deliveryLane.claim(200, "runner_statements"));
    expect(claimed.result).toHaveLength(4); // email.sent of both sends, to both endpoints
    expect(claimed.statements).toHaveLength(1);
    const outcomes = await Promise.all(claimed.result.map((d) => deliveryLane.run(d)));
    const recorded = await statementsOf(() => deliveryLane.record!.write(outcomes));
    expect(recorded.statements).toHaveLength(1);
    expect(await db().webhookDelivery.count({ where: { orgId: org.id, status: "succeeded" } })).toBe(4);

    const { result } = await statementsOf(send);
    const [delivery] = await db().webhookDelivery.findMany({
      where: { orgId: org.id, status: "pending", event: { messageId: result.id } },
    });
    const one = await statementsOf(() => deliveryLane.inngest.runById(delivery.id));
    expect(one.result).toEqual({ next: "succeeded", nextAttemptAt: null });
    expect(one.statements).toHaveLength(2); // claim, record
  });

  it("a job queued on its own costs one statement; many in a transaction one insert per 5,000", async () => {
    const job = defineJob({ name: "test.counted", payload: z.object({ n: z.number() }), maxAttempts: 1, async run() {} });
    const single = await statementsOf(() => enqueue(job, { n: 0 }, { runAt: new Date(Date.now() + 3_600_000) }));
    expect(single.statements).toHaveLength(1);
    const items = Array.from({ length: 5_001 }, (_, n) => ({ payload: { n }, runAt: new Date(Date.now() + 3_600_000) }));
    const many = await statementsOf(() => db().$transaction((tx) => enqueueMany(job, items, { tx })));
    expect(many.result.jobs).toHaveLength(5_001);
    expect(inserts(many.statements)).toHaveLength(2);
    expect(many.statements.length - inserts(many.statements).length).toBeLessThanOrEqual(2); // BEGIN, COMMIT
  });
});
