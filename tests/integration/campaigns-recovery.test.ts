// Campaigns when things go sideways: the reason the product paused a campaign kept on the
// campaign itself (status_reason); a paused campaign whose list was deleted resumes (its
// recipients were taken at the start); one batch loop per campaign (a batch queued before a
// pause ends without a successor once the campaign is resumed); the watchdog putting a dead
// batch job back in the queue rather than starting a second loop, and settling what a dead
// process left in a paused or cancelled campaign; a running batch keeping its job's claim
// fresh while a slow provider holds its send; the verified-sender rule shared with senders.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { call } from "../helpers/http";
import { newOrg } from "../helpers/factory";
import { newSink, productionMode, SINK_PASSWORD, SINK_USER, smtpProvider } from "../helpers/sending";
import { until as untilEvery } from "../helpers/until";
import { db } from "@/lib/db/client";

const path = "/api/v1/campaigns";
const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000) => untilEvery(read, ok, { timeoutMs, everyMs: 200 });
const tag = () => randomBytes(4).toString("hex");
const own = { subject: "Hello {{name}}", text: "Hi {{name}}" };
type Auth = { cookie: string };

async function audience(orgId: string, n: number) {
  const t = tag();
  const list = await db().contactList.create({ data: { orgId, name: `List ${t}` } });
  const emails = Array.from({ length: n }, (_, i) => `r${i}-${t}@example.test`);
  await db().contact.createMany({ data: emails.map((email, i) => ({ orgId, email, name: `Reader ${i}` })) });
  const contacts = await db().contact.findMany({ where: { orgId, email: { in: emails } } });
  await db().contactListMember.createMany({ data: contacts.map((c) => ({ listId: list.id, contactId: c.id })) });
  return { listId: list.id, emails };
}

async function draft(auth: Auth, body: Record<string, unknown>) {
  const res = await call(path, { ...auth, body: { name: `Campaign ${tag()}`, ...own, ...body } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
}

const act = (auth: Auth, id: string, action: string) => call(`${path}/${id}/${action}`, { ...auth, method: "POST" });
const get = async (auth: Auth, id: string) => (await call(`${path}/${id}`, auth)).body.data;

const batchJobs = (campaignId: string) =>
  db().job.findMany({
    where: { name: "campaign.send-batch", payload: { path: ["campaignId"], equals: campaignId } },
    orderBy: { createdAt: "asc" },
  });

/**
 * A campaign that started, put directly in the database with a pending row per address and no
 * batch loop: what a process that died leaves. `prepare` (rows, jobs) runs before the campaign
 * takes `status`, so the watchdog never sees it half made.
 */
async function startedWithoutLoop(
  auth: Auth,
  orgId: string,
  senderId: string,
  n: number,
  status: string,
  prepare: (c: { id: string; emails: string[]; generation: Date }) => Promise<unknown> = async () => {},
) {
  const { listId, emails } = await audience(orgId, n);
  const { id } = await draft(auth, { listId, senderId });
  await db().$executeRaw`
    INSERT INTO campaign_sends (id, campaign_id, org_id, contact_id, email, status)
    SELECT gen_random_uuid(), ${id}::uuid, ${orgId}::uuid, ct.id, ct.email, 'pending'
    FROM contact_list_members m JOIN contacts ct ON ct.id = m.contact_id WHERE m.list_id = ${listId}::uuid`;
  const c = { id, emails, generation: new Date() };
  await prepare(c);
  await db().$executeRaw`UPDATE campaigns SET status = ${status}, started_at = now(), updated_at = ${c.generation} WHERE id = ${id}::uuid`;
  return c;
}

describe("status reasons", () => {
  it("keep the reason on the campaign however old its audit entry; a paused campaign whose list was deleted resumes", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 1);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink);
      const auth = { cookie: org.cookie };
      const { listId, emails } = await audience(org.org.id, 3);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      const paused = await until(
        () => get(auth, c.id),
        (x) => x.status === "paused",
      );
      expect(paused).toMatchObject({
        status: "paused",
        statusReason: expect.stringContaining("allowance is used up"),
        counts: { sent: 1, pending: 2 },
      });
      expect((await db().campaign.findUniqueOrThrow({ where: { id: c.id } })).statusReason).toContain("allowance is used up");

      // The audit entry is an hour old: the reason is the campaign's own, not found near its updatedAt.
      await db().$executeRaw`UPDATE audit_logs SET created_at = created_at - interval '1 hour' WHERE target_id = ${c.id}`;
      expect((await get(auth, c.id)).statusReason).toContain("allowance is used up");
      expect((await call(`${path}?status=paused`, auth)).body.data.find((x: { id: string }) => x.id === c.id).statusReason).toContain(
        "allowance is used up",
      );

      // The list goes; the campaign took its recipients when it started, so it can still resume.
      expect((await call(`/api/v1/lists/${listId}`, { ...auth, method: "DELETE" })).status).toBe(200);
      await db().organization.update({ where: { id: org.org.id }, data: { monthlySendAllowance: 100 } });
      const resumed = await act(auth, c.id, "resume");
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.data).toMatchObject({ status: "sending", statusReason: null, listId: null });
      const done = await until(
        () => get(auth, c.id),
        (x) => x.status === "sent",
      );
      expect(done).toMatchObject({ status: "sent", statusReason: null, counts: { sent: 3, pending: 0 } });
      expect(sink.messages.flatMap((m) => m.rcptTo).sort()).toEqual([...emails].sort());
      const actions = (await db().auditLog.findMany({ where: { targetId: c.id }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
      expect(actions).toEqual(["campaign.created", "campaign.started", "campaign.paused", "campaign.resumed", "campaign.sent"]);
    } finally {
      await sink.close();
    }
  }, 60_000);

  it("a reason is cleared by a cancel", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 1);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink);
      const auth = { cookie: org.cookie };
      const { listId } = await audience(org.org.id, 3);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "bea@sender.test" } });
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      expect(
        await until(
          () => get(auth, c.id),
          (x) => x.status === "paused",
        ),
      ).toMatchObject({ statusReason: expect.stringContaining("allowance") });
      const cancelled = await act(auth, c.id, "cancel");
      expect(cancelled.body.data).toMatchObject({ status: "cancelled", statusReason: null, counts: { sent: 1, skipped: 2 } });
      expect((await db().campaign.findUniqueOrThrow({ where: { id: c.id } })).statusReason).toBeNull();
    } finally {
      await sink.close();
    }
  }, 60_000);
});

describe("one batch loop per campaign", () => {
  it("a batch queued before a pause ends without a successor once the campaign is resumed", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink, { rateLimitPerMinute: 1 });
      const auth = { cookie: org.cookie };
      const { listId } = await audience(org.org.id, 3);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "cy@sender.test" } });
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      // One sent; the loop waits for the provider's window: a batch queued a while ahead.
      const waiting = (
        await until(
          () => batchJobs(c.id),
          (jobs) => jobs.some((j) => j.status === "queued" && j.runAt.getTime() > Date.now() + 5_000),
        )
      ).find((j) => j.status === "queued" && j.runAt.getTime() > Date.now() + 5_000);
      expect(waiting).toBeDefined();

      expect((await act(auth, c.id, "pause")).status).toBe(200);
      expect((await act(auth, c.id, "resume")).status).toBe(200);
      // The resumed loop's first batch runs (and waits for the window in turn).
      const resumedFirst = await until(
        () => batchJobs(c.id),
        (jobs) => jobs.some((j) => j.dedupeKey?.startsWith(`campaign-batch:${c.id}:resume:`) && j.status === "done"),
      );
      expect(resumedFirst.some((j) => j.dedupeKey?.startsWith(`campaign-batch:${c.id}:resume:`) && j.status === "done")).toBe(true);

      // The old loop's batch comes due: it ends, and queues nothing after itself.
      await db().job.update({ where: { id: waiting!.id }, data: { runAt: new Date() } });
      const old = await until(
        () => db().job.findUniqueOrThrow({ where: { id: waiting!.id } }),
        (j) => j.status === "done",
      );
      expect(old.status).toBe("done");
      expect(await db().job.findUnique({ where: { dedupeKey: `campaign-batch:${c.id}:after:${waiting!.id}` } })).toBeNull();
      const live = (await batchJobs(c.id)).filter((j) => j.status === "queued" || j.status === "running");
      expect(live).toHaveLength(1);
      expect(live[0].dedupeKey).toBe(
        `campaign-batch:${c.id}:after:${resumedFirst.find((j) => j.dedupeKey?.startsWith(`campaign-batch:${c.id}:resume:`))!.id}`,
      );
      expect((await act(auth, c.id, "cancel")).status).toBe(200);
    } finally {
      await sink.close();
    }
  }, 90_000);
});

describe("the watchdog", () => {
  it("queues a dead batch job again (no second loop); its batch settles the abandoned send and finishes the campaign", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink);
      const auth = { cookie: org.cookie };
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
      // A process died 45 s ago mid-batch (stale for the watchdog, not yet for the job sweep's 2 minutes), one send in flight before its message was recorded.
      const diedAt = new Date(Date.now() - 45_000);
      let deadId = "";
      const c = await startedWithoutLoop(auth, org.org.id, sender.id, 4, "sending", async (c) => {
        await db().campaignSend.updateMany({
          where: { campaignId: c.id, email: c.emails[0] },
          data: { status: "sending", claimedAt: diedAt, attempts: 1 },
        });
        deadId = (
          await db().job.create({
            data: {
              name: "campaign.send-batch",
              payload: { campaignId: c.id, generation: c.generation.toISOString() },
              status: "running",
              runAt: diedAt,
              lockedAt: diedAt,
              lockedBy: "runner_dead",
              attempts: 1,
            },
          })
        ).id;
      });

      const done = await until(
        () => get(auth, c.id),
        (x) => x.status === "sent",
      );
      expect(done).toMatchObject({ status: "sent", counts: { recipients: 4, sent: 4, sending: 0, pending: 0 } });
      expect(sink.messages.flatMap((m) => m.rcptTo).sort()).toEqual([...c.emails].sort());
      const jobs = await batchJobs(c.id);
      expect(jobs.find((j) => j.id === deadId)).toMatchObject({ status: "done", attempts: 2 });
      expect(jobs.filter((j) => j.dedupeKey?.includes(":watchdog:"))).toEqual([]);
    } finally {
      await sink.close();
    }
  }, 90_000);

  it("settles sends a dead process left in a cancelled or paused campaign, and skips a cancelled campaign's pending rows", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const auth = { cookie: org.cookie };
    const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "bea@sender.test" } });
    const longAgo = new Date(Date.now() - 120_000);

    const cancelled = await startedWithoutLoop(auth, org.org.id, sender.id, 3, "cancelled", async (c) => {
      await db().campaignSend.updateMany({
        where: { campaignId: c.id, email: c.emails[0] },
        data: { status: "sending", claimedAt: longAgo, attempts: 1 },
      });
      // A send refused for now after the cancel, back to pending; the third was skipped by the cancel.
      await db().campaignSend.updateMany({
        where: { campaignId: c.id, email: c.emails[1] },
        data: { status: "pending", claimedAt: longAgo, attempts: 1 },
      });
      await db().campaignSend.updateMany({
        where: { campaignId: c.id, email: c.emails[2] },
        data: { status: "skipped", error: "cancelled" },
      });
    });
    const paused = await startedWithoutLoop(auth, org.org.id, sender.id, 2, "paused", (c) =>
      db().campaignSend.updateMany({
        where: { campaignId: c.id, email: c.emails[0] },
        data: { status: "sending", claimedAt: longAgo, attempts: 1 },
      }),
    );

    const settled = await until(
      () => get(auth, cancelled.id),
      (x) => x.counts.sending === 0 && x.counts.pending === 0,
    );
    expect(settled.counts).toMatchObject({ recipients: 3, sending: 0, pending: 0, skipped: 3 });
    expect(settled.stats.skippedBy.cancelled).toBe(3);
    const back = await until(
      () => get(auth, paused.id),
      (x) => x.counts.sending === 0,
    );
    expect(back).toMatchObject({ status: "paused", counts: { sending: 0, pending: 2 } });
    // A crash's attempt does not count.
    expect(await db().campaignSend.findFirstOrThrow({ where: { campaignId: paused.id, email: paused.emails[0] } })).toMatchObject({
      status: "pending",
      attempts: 0,
    });
  }, 90_000);
});

/** An SMTP server that takes `delayMs` to answer RCPT TO and again DATA: a slow provider (each under the adapter's 10-s timeout). */
async function slowSink(delayMs: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _s, cb) =>
      auth.username === SINK_USER && auth.password === SINK_PASSWORD ? cb(null, { user: SINK_USER }) : cb(new Error("Invalid credentials")),
    onRcptTo: (_a, _s, cb) => void setTimeout(() => cb(), delayMs),
    onData(stream, session, cb) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        setTimeout(() => cb(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("a slow provider", () => {
  it("does not make a live batch look dead: the batch refreshes its job's claim while its send is held", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sink = await slowSink(8_000);
    try {
      await smtpProvider(org.cookie, sink);
      const auth = { cookie: org.cookie };
      const { listId, emails } = await audience(org.org.id, 1);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "robot@sender.test" } });
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      const first = await until(
        () => db().job.findUnique({ where: { dedupeKey: `campaign-batch:${c.id}:start` } }),
        (j) => j?.status === "running" && j.lockedAt !== null,
      );
      const claimedAt = first!.lockedAt!.getTime();
      // The send takes about 16 s: the batch's own heartbeat (every 10 s) moves the claim on while it runs.
      const refreshed = await until(
        () => db().job.findUniqueOrThrow({ where: { id: first!.id } }),
        (j) => j.status !== "running" || (j.lockedAt !== null && j.lockedAt.getTime() >= claimedAt + 5_000),
        40_000,
      );
      expect(refreshed.status).toBe("running");
      expect(refreshed.lockedAt!.getTime()).toBeGreaterThanOrEqual(claimedAt + 5_000);
      const done = await until(
        () => get(auth, c.id),
        (x) => x.status === "sent",
      );
      expect(done.counts).toMatchObject({ sent: 1, failed: 0 });
      expect(sink.received).toEqual(emails);
      expect((await batchJobs(c.id)).filter((j) => j.dedupeKey?.includes(":watchdog:"))).toEqual([]);
    } finally {
      await sink.close();
    }
  }, 90_000);
});

describe("the verified-sender rule", () => {
  it("is the senders' own: confirmed, at its verified domain, or at a verified domain of the organization's it is not linked to", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink);
      const auth = { cookie: org.cookie };
      const t = tag();
      const verified = await db().domain.create({
        data: { orgId: org.org.id, name: `ok-${t}.test`, status: "verified", verifiedAt: new Date() },
      });
      await db().domain.create({ data: { orgId: org.org.id, name: `unlinked-${t}.test`, status: "verified", verifiedAt: new Date() } });
      await db().domain.create({ data: { orgId: org.org.id, name: `pending-${t}.test`, status: "pending" } });
      const senders = {
        confirmed: await db().sender.create({ data: { orgId: org.org.id, email: `c@mail-${t}.test`, confirmedAt: new Date() } }),
        linked: await db().sender.create({ data: { orgId: org.org.id, email: `l@ok-${t}.test`, domainId: verified.id } }),
        unlinked: await db().sender.create({ data: { orgId: org.org.id, email: `u@unlinked-${t}.test` } }),
        none: await db().sender.create({ data: { orgId: org.org.id, email: `n@pending-${t}.test` } }),
      };
      const view = async (id: string) => (await call(`/api/v1/senders/${id}`, auth)).body.data;
      expect(await view(senders.confirmed.id)).toMatchObject({ verified: true, verification: "confirmed" });
      expect(await view(senders.linked.id)).toMatchObject({ verified: true, verification: "domain" });
      expect(await view(senders.none.id)).toMatchObject({ verified: false, verification: null });

      for (const [which, s] of Object.entries(senders)) {
        const { listId } = await audience(org.org.id, 1);
        const c = await draft(auth, { listId, senderId: s.id });
        const res = await act(auth, c.id, "send");
        if (which === "none") {
          expect(res.status, which).toBe(403);
          expect(res.body.code).toBe("SENDER_NOT_VERIFIED");
        } else {
          expect(res.status, `${which}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(
            (
              await until(
                () => get(auth, c.id),
                (x) => x.status === "sent",
              )
            ).counts,
            which,
          ).toMatchObject({ sent: 1, failed: 0 });
        }
      }
    } finally {
      await sink.close();
    }
  }, 60_000);
});
