// The hot paths stay one statement each (PERFORMANCE.md: statements are the app's main cost): a
// production send within its limits opens with one statement and records its outcome, events,
// fan-out and the demo provider's later events with a second; a test-mode send adds the queued
// record; a batch of events is published, fanned out and applied in one; a report's snapshot
// reads the rollups' watermark and the prune mark once for its counts. Counted as the queries
// this process sends to PostgreSQL (the pg driver under both Prisma and rawQuery).
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { sendEmail } from "@/lib/email/send-email";
import { sendEmailSchema } from "@/lib/email/schemas";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { publishDueEvents } from "@/lib/events/publish-due-events";
import { summaryReport } from "@/lib/analytics/reports";
import type { Principal } from "@/lib/auth/principal";
import { newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { statementsOf } from "../helpers/statements";

type Org = Awaited<ReturnType<typeof newOrg>>;
const keyOf = (org: Org): Principal => ({
  kind: "key",
  orgId: org.org.id,
  projectId: null,
  keyId: randomUUID(),
  scopes: ["emails:send"],
  rateLimitPerMinute: 1000,
  allowBulk: false,
});
const demoSend = (to = ["delivered@demo.mailroom.test"]) =>
  sendEmailSchema.parse({ from: "ann@sender.test", to, subject: "Counted", text: "Hello" });

describe("statements per hot path", () => {
  let production: Org;
  let testMode: Org;

  beforeAll(async () => {
    [production, testMode] = await Promise.all([newOrg(), newOrg()]);
    await productionMode(production.org.id);
    // Warm both pools and the modules, so the counts below are the sends' own.
    await sendEmail({ principal: keyOf(production), input: demoSend() });
  });

  it("a production send: one statement opens it, one records its outcome", async () => {
    const { result, statements } = await statementsOf(() => sendEmail({ principal: keyOf(production), input: demoSend() }));
    expect(result.status).toBe("sent");
    expect(statements).toHaveLength(2);
    const message = await db().message.findUniqueOrThrow({ where: { id: result.id } });
    expect(message.status).toBe("sent");
    expect(await db().emailEvent.count({ where: { messageId: result.id, type: "email.sent" } })).toBe(1);
    // The demo provider's delivery, stored to be published later (or already published by a server's runner).
    const later =
      (await db().scheduledEvent.count({ where: { messageId: result.id } })) +
      (await db().emailEvent.count({ where: { messageId: result.id, type: "email.delivered" } }));
    expect(later).toBe(1);
    expect(await db().auditLog.count({ where: { orgId: production.org.id, action: "email.send", outcome: "sent" } })).toBe(2);

    // Another send of the same shape (more recipients, so more events) runs the same statement
    // texts: parameters, never values, in the text, so each is prepared once per connection.
    const other = await statementsOf(() =>
      sendEmail({ principal: keyOf(production), input: demoSend(["opened@demo.mailroom.test", "bounced@demo.mailroom.test"]) }),
    );
    expect(other.result.status).toBe("sent");
    expect(other.statements).toEqual(statements);
  });

  it("a test-mode send: the queued record after the safety check is the third", async () => {
    const { result, statements } = await statementsOf(() => sendEmail({ principal: keyOf(testMode), input: demoSend() }));
    expect(result.status).toBe("sent");
    expect(statements).toHaveLength(3);
    expect((await db().message.findUniqueOrThrow({ where: { id: result.id } })).status).toBe("sent");
  });

  it("a batch of events, and the scheduled events falling due: one statement each", async () => {
    const { result: sent } = await statementsOf(() => sendEmail({ principal: keyOf(production), input: demoSend() }));
    const event = (type: NewEvent["type"], recipient: string): NewEvent => ({
      orgId: production.org.id,
      projectId: production.project.id,
      messageId: sent.id,
      type,
      recipient,
      sendMode: "production",
      occurredAt: new Date(),
      source: "manual",
      dedupeKey: randomUUID(),
    });
    const batch = [event("email.delivered", "delivered@demo.mailroom.test"), event("email.complained", "someone@example.test")];
    const { result, statements } = await statementsOf(() => publishEvents(batch));
    expect(result.published).toBe(2);
    expect(statements).toHaveLength(1);
    expect(await db().suppression.count({ where: { orgId: production.org.id, email: "someone@example.test" } })).toBe(1);

    await db().scheduledEvent.updateMany({ where: { messageId: sent.id }, data: { occurredAt: new Date(Date.now() - 1000) } });
    const due = await statementsOf(() => publishDueEvents());
    expect(due.statements).toHaveLength(1);
    // The servers' runners publish due events too, on the same database: one of them may have
    // taken this row (SKIP LOCKED) a moment before, and commits its statement just after.
    await expect.poll(() => db().scheduledEvent.count({ where: { messageId: sent.id } })).toBe(0);
  });

  it("a report: its snapshot reads the watermark and prune mark once for both its counts", async () => {
    const to = new Date();
    const range = { orgId: production.org.id, projectId: null, from: new Date(to.getTime() - 3 * 86_400_000), to };
    const { result, statements } = await statementsOf(() => summaryReport(range));
    expect(result.totalSent).toBeGreaterThan(0);
    expect(statements.filter((s) => /FROM rollup_state/.test(s))).toHaveLength(1);
  });
});
