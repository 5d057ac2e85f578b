// /api/v1/sequences: CRUD with steps, validation, scopes and session permissions, 404 for another
// organization's; enrolment by API and on joining the trigger list; and sequences running for
// real: production sends over SMTP to a local sink, each step after its delay, exits on a reply
// (inbound mail through a provider's webhook), on an unsubscribe (the one-click link in step 1)
// and on suppression, pause and resume, and each step sent once even when its job runs twice;
// the step's claim re-checking the contact, the settling of a send an earlier run left, steps
// whose job failed for good, and replies told apart from automatic answers.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import { postmarkInboundProvider, receive } from "../helpers/inbound-post";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { insertJobs } from "@/lib/jobs/job-store";
import { runSequenceStep } from "@/lib/sequences/run-step";
import { loadStepState } from "@/lib/sequences/step-state";
import { sendStepOnce } from "@/lib/sequences/send-step";
import { exitOnReply } from "@/lib/sequences/replies";
import { recoverSequenceSteps } from "@/lib/sequences/recover-steps";

const path = "/api/v1/sequences";
const SCOPES = ["sequences:read", "sequences:write", "email:send", "templates:read", "templates:write", "lists:read", "lists:write"];
const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));

let n = 0;
const named = (prefix = "seq") => `${prefix}-${Date.now()}-${n++}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 25_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** An organization with a key; in production with an SMTP provider on a local sink when `sending`. */
async function setup({ sending = false } = {}) {
  const org = await newOrg();
  const { key } = await createKey(org.cookie, SCOPES);
  let sink: SmtpSink | null = null;
  if (sending) {
    await productionMode(org.org.id);
    sink = await newSink();
    sinks.push(sink);
    await smtpProvider(org.cookie, sink);
  }
  return { org, key, sink: sink!, orgId: org.org.id };
}

async function template(key: string, step: number) {
  const res = await call("/api/v1/templates", {
    key,
    body: {
      name: named("tpl"),
      subject: `Step ${step} for {{name}}`,
      html: `<p>Step ${step}, {{name}} on {{plan}}</p>`,
      text: `Step ${step}, {{name}} on {{plan}}`,
    },
  });
  if (res.status !== 201) throw new Error(`template create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

const contact = (orgId: string, email: string, extra: { name?: string; subscriptionStatus?: string; properties?: object } = {}) =>
  db().contact.create({
    data: {
      orgId,
      email,
      name: extra.name ?? "",
      subscriptionStatus: extra.subscriptionStatus ?? "subscribed",
      properties: extra.properties ?? {},
    },
  });

async function createSequence(key: string, body: Record<string, unknown>) {
  const res = await call(path, { key, body: { name: named(), ...body } });
  if (res.status !== 201) throw new Error(`sequence create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; steps: { id: string; position: number }[] };
}

async function enrol(key: string, sequenceId: string, body: Record<string, unknown>) {
  const res = await call(`${path}/${sequenceId}/enrolments`, { key, body });
  if (res.status !== 200) throw new Error(`enrol failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as {
    enrolled: { id: string; contactId: string; source: string }[];
    skipped: { contactId: string; reason: string }[];
  };
}

const mailsTo = (sink: SmtpSink, email: string) => sink.messages.filter((m) => m.rcptTo.includes(email));
const subjects = async (sink: SmtpSink, email: string) =>
  Promise.all(mailsTo(sink, email).map(async (m) => (await simpleParser(m.raw)).subject));
const enrolment = (id: string) => db().sequenceEnrolment.findUniqueOrThrow({ where: { id } });
/** The step's job (scheduled when the step before it went out) has run. */
const stepJobDone = (enrolmentId: string, position: number) =>
  until(
    `the job of step ${position}`,
    async () => (await db().job.findFirst({ where: { dedupeKey: `sequence-step:${enrolmentId}:${position}`, status: "done" } })) !== null,
  );

describe("sequences API", () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let t1: string;
  let t2: string;
  beforeAll(async () => {
    ctx = await setup();
    [t1, t2] = [await template(ctx.key, 1), await template(ctx.key, 2)];
  });

  it("creates with 201, reads, lists, updates (steps replaced by position) and deletes, each audited", async () => {
    const name = named();
    const res = await call(path, {
      key: ctx.key,
      body: {
        name,
        steps: [
          { delaySeconds: 0, templateId: t1 },
          { delaySeconds: 86_400, templateId: t2 },
        ],
      },
    });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({
      name,
      status: "active",
      triggerListId: null,
      senderId: null,
      useCaseId: null,
      steps: [
        { position: 0, delaySeconds: 0, templateId: t1 },
        { position: 1, delaySeconds: 86_400, templateId: t2 },
      ],
      enrolments: { total: 0, active: 0, completed: 0, exited: 0, failed: 0 },
      stats: { exits: { replied: 0, unsubscribed: 0, suppressed: 0, removed: 0 } },
    });
    expect(s.stats.steps.map((x: { position: number; sent: number }) => [x.position, x.sent])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect((await call(`${path}/${s.id}`, { key: ctx.key })).body.data).toEqual(s);
    const list = await call(path, { key: ctx.key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(s.id);
    expect(list.body.data[0]).not.toHaveProperty("stats");

    // Steps by position: 0 and 1 keep their ids (and sends), a third is added; then cut back to one.
    const patched = await call(`${path}/${s.id}`, {
      method: "PATCH",
      key: ctx.key,
      body: {
        name: `${name}-2`,
        status: "paused",
        steps: [
          { delaySeconds: 60, templateId: t2 },
          { delaySeconds: 3_600, templateId: t2 },
          { delaySeconds: 7_200, templateId: t1 },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: `${name}-2`, status: "paused" });
    expect(
      patched.body.data.steps.map((x: { id: string; delaySeconds: number; templateId: string }) => [x.delaySeconds, x.templateId]),
    ).toEqual([
      [60, t2],
      [3_600, t2],
      [7_200, t1],
    ]);
    expect(patched.body.data.steps.slice(0, 2).map((x: { id: string }) => x.id)).toEqual(s.steps.map((x: { id: string }) => x.id));
    const cut = await call(`${path}/${s.id}`, { method: "PATCH", key: ctx.key, body: { steps: [{ delaySeconds: 0, templateId: t1 }] } });
    expect(cut.body.data.steps).toEqual([{ id: s.steps[0].id, position: 0, delaySeconds: 0, templateId: t1 }]);
    expect(await db().sequenceStep.count({ where: { sequenceId: s.id } })).toBe(1);

    const deleted = await call(`${path}/${s.id}`, { method: "DELETE", key: ctx.key });
    expect(deleted.body.data).toEqual({ id: s.id, deleted: true });
    expect((await call(`${path}/${s.id}`, { key: ctx.key })).status).toBe(404);
    const audits = await db().auditLog.findMany({ where: { orgId: ctx.orgId, targetId: s.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.actorType])).toEqual([
      ["sequence.created", "api_key"],
      ["sequence.updated", "api_key"],
      ["sequence.updated", "api_key"],
      ["sequence.deleted", "api_key"],
    ]);
    expect(audits[1].metadata).toMatchObject({ status: "paused", previousName: name });
  });

  it("validates the body and names the field; nothing is created", async () => {
    const step = { delaySeconds: 0, templateId: t1 };
    const bad: [Record<string, unknown>, string][] = [
      [{ steps: [step] }, "body.name"],
      [{ name: " ", steps: [step] }, "body.name"],
      [{ name: "x", steps: [] }, "body.steps"],
      [{ name: "x", steps: Array.from({ length: 21 }, () => step) }, "body.steps"],
      [{ name: "x", steps: [{ delaySeconds: -1, templateId: t1 }] }, "body.steps.0.delaySeconds"],
      [{ name: "x", steps: [{ delaySeconds: 365 * 86_400 + 1, templateId: t1 }] }, "body.steps.0.delaySeconds"],
      [{ name: "x", steps: [{ delaySeconds: 1.5, templateId: t1 }] }, "body.steps.0.delaySeconds"],
      [{ name: "x", steps: [{ delaySeconds: 0, templateId: "nope" }] }, "body.steps.0.templateId"],
      [{ name: "x", steps: [step], status: "running" }, "body.status"],
      [{ name: "x", steps: [step], extra: 1 }, "body"],
      [{ name: "x", steps: [step, { delaySeconds: 0, templateId: randomUUID() }] }, "body.steps.1.templateId"],
    ];
    for (const [body, where] of bad) {
      const res = await call(path, { key: ctx.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error, JSON.stringify(body)).toContain(where);
    }
    expect(await db().sequence.count({ where: { orgId: ctx.orgId, name: "x" } })).toBe(0);
    const ok = await createSequence(ctx.key, { steps: [step] });
    expect((await call(`${path}/${ok.id}`, { method: "PATCH", key: ctx.key, body: {} })).status).toBe(400);
    expect((await call(`${path}/not-a-uuid`, { key: ctx.key })).status).toBe(400);
    const dup = await call(path, {
      key: ctx.key,
      body: { name: (await db().sequence.findUniqueOrThrow({ where: { id: ok.id } })).name, steps: [step] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("CONFLICT");
  });

  it("refuses another organization's template, list, sender and use case (400 naming the field), unchanged", async () => {
    const other = await setup();
    const theirTemplate = await template(other.key, 1);
    const theirList = await db().contactList.create({ data: { orgId: other.orgId, name: named("list") } });
    const theirSender = await db().sender.create({ data: { orgId: other.orgId, email: `s-${n++}@their.test`, confirmedAt: new Date() } });
    const theirUseCase = await db().useCase.create({ data: { orgId: other.orgId, name: named("uc") } });
    const s = await createSequence(ctx.key, { steps: [{ delaySeconds: 0, templateId: t1 }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ steps: [{ delaySeconds: 0, templateId: theirTemplate }] }, "body.steps.0.templateId"],
      [{ triggerListId: theirList.id }, "body.triggerListId"],
      [{ senderId: theirSender.id }, "body.senderId"],
      [{ useCaseId: theirUseCase.id }, "body.useCaseId"],
    ];
    for (const [body, field] of cases) {
      const created = await call(path, { key: ctx.key, body: { name: named(), steps: [{ delaySeconds: 0, templateId: t1 }], ...body } });
      expect(created.status, field).toBe(400);
      expect(created.body.error).toContain(field);
      const patched = await call(`${path}/${s.id}`, { method: "PATCH", key: ctx.key, body: { name: "changed?", ...body } });
      expect(patched.status, field).toBe(400);
      expect(patched.body.error).toContain(field);
    }
    const after = await db().sequence.findUniqueOrThrow({ where: { id: s.id }, include: { steps: true } });
    expect(after).toMatchObject({ triggerListId: null, senderId: null, useCaseId: null });
    expect(after.name).not.toBe("changed?");
    expect(after.steps.map((x) => x.templateId)).toEqual([t1]);
  });

  it("needs sequences:read to read and sequences:write to change; project-bound keys cannot change them", async () => {
    const s = await createSequence(ctx.key, { steps: [{ delaySeconds: 0, templateId: t1 }] });
    const readOnly = (await createKey(ctx.org.cookie, ["sequences:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${s.id}`, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${s.id}/enrolments`, { key: readOnly })).status).toBe(200);
    expect((await call(path, { key: readOnly, body: { name: named(), steps: [{ delaySeconds: 0, templateId: t1 }] } })).status).toBe(403);
    expect((await call(`${path}/${s.id}`, { method: "PATCH", key: readOnly, body: { status: "paused" } })).status).toBe(403);
    expect((await call(`${path}/${s.id}`, { method: "DELETE", key: readOnly })).status).toBe(403);
    expect((await call(`${path}/${s.id}/enrolments`, { key: readOnly, body: { emails: ["a@example.test"] } })).status).toBe(403);
    const noScope = (await createKey(ctx.org.cookie, ["email:send"])).key;
    expect((await call(path, { key: noScope })).status).toBe(403);
    const bound = (await createKey(ctx.org.cookie, ["sequences:read", "sequences:write"], { projectId: ctx.org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(`${path}/${s.id}`, { method: "PATCH", key: bound, body: { status: "paused" } })).status).toBe(403);
  });

  it("maps sessions to sequences.view and sequences.manage: a viewer reads, a member changes", async () => {
    const viewer = await addMemberAs(ctx.org.cookie, "viewer");
    const member = await addMemberAs(ctx.org.cookie, "member");
    const s = await createSequence(ctx.key, { steps: [{ delaySeconds: 0, templateId: t1 }] });
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(`${path}/${s.id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect(
      (await call(path, { cookie: viewer.cookie, body: { name: named(), steps: [{ delaySeconds: 0, templateId: t1 }] } })).status,
    ).toBe(403);
    expect((await call(`${path}/${s.id}`, { method: "PATCH", cookie: viewer.cookie, body: { status: "paused" } })).status).toBe(403);
    expect((await call(`${path}/${s.id}/enrolments`, { cookie: viewer.cookie, body: { emails: ["a@example.test"] } })).status).toBe(403);
    const made = await call(path, { cookie: member.cookie, body: { name: named(), steps: [{ delaySeconds: 0, templateId: t1 }] } });
    expect(made.status).toBe(201);
    expect(await db().auditLog.findFirstOrThrow({ where: { targetId: made.body.data.id } })).toMatchObject({
      action: "sequence.created",
      actorType: "user",
      actorId: member.member.userId,
    });
  });

  it("answers 404 for another organization's sequence and its enrolments, and changes nothing", async () => {
    const other = await setup();
    const theirs = await createSequence(other.key, { steps: [{ delaySeconds: 3_600, templateId: await template(other.key, 1) }] });
    const c = await contact(other.orgId, "theirs@example.test");
    const [e] = (await enrol(other.key, theirs.id, { contactIds: [c.id] })).enrolled;
    const mine = await contact(ctx.orgId, `mine-${n++}@example.test`);
    expect((await call(`${path}/${theirs.id}`, { key: ctx.key })).status).toBe(404);
    expect((await call(`${path}/${theirs.id}`, { method: "PATCH", key: ctx.key, body: { status: "paused" } })).status).toBe(404);
    expect((await call(`${path}/${theirs.id}/enrolments`, { key: ctx.key })).status).toBe(404);
    expect((await call(`${path}/${theirs.id}/enrolments`, { key: ctx.key, body: { contactIds: [mine.id] } })).status).toBe(404);
    expect((await call(`${path}/${theirs.id}/enrolments/${e.id}`, { method: "DELETE", key: ctx.key })).status).toBe(404);
    expect((await call(`${path}/${theirs.id}`, { method: "DELETE", key: ctx.key })).status).toBe(404);
    expect((await call(path, { key: ctx.key })).body.data.map((x: { id: string }) => x.id)).not.toContain(theirs.id);
    expect(await db().sequence.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ orgId: other.orgId, status: "active" });
    expect(await enrolment(e.id)).toMatchObject({ status: "active" });
  });
});

describe("enrolments", () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let seq: { id: string };
  beforeAll(async () => {
    ctx = await setup();
    // An hour's wait: nothing is sent while these tests look at the enrolments.
    seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 3_600, templateId: await template(ctx.key, 1) }] });
  });

  it("enrols by id and address once; unsubscribed and already enrolled contacts are skipped; lists and filters; removal", async () => {
    const a = await contact(ctx.orgId, "ann.e@example.test");
    const b = await contact(ctx.orgId, "bob.e@example.test");
    const gone = await contact(ctx.orgId, "gone.e@example.test", { subscriptionStatus: "unsubscribed" });
    const first = await enrol(ctx.key, seq.id, { contactIds: [a.id, gone.id], emails: ["BOB.E@example.test"] });
    expect(first.enrolled.map((e) => e.contactId).sort()).toEqual([a.id, b.id].sort());
    expect(first.enrolled[0]).toMatchObject({ status: "active", source: "api", nextStep: 0, exitReason: null, sequenceId: seq.id });
    expect(first.skipped).toEqual([{ contactId: gone.id, email: "gone.e@example.test", reason: "unsubscribed" }]);
    const due = await db().job.findFirstOrThrow({ where: { dedupeKey: `sequence-step:${first.enrolled[0].id}:0` } });
    expect(due.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);

    const again = await enrol(ctx.key, seq.id, { contactIds: [a.id] });
    expect(again).toEqual({ enrolled: [], skipped: [{ contactId: a.id, email: "ann.e@example.test", reason: "already_enrolled" }] });

    const list = await call(`${path}/${seq.id}/enrolments?perPage=1`, { key: ctx.key });
    expect(list.body.pagination).toEqual({ page: 1, perPage: 1, total: 2 });
    const ea = first.enrolled.find((e) => e.contactId === a.id)!;
    const removed = await call(`${path}/${seq.id}/enrolments/${ea.id}`, { method: "DELETE", key: ctx.key });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({
      id: ea.id,
      email: "ann.e@example.test",
      status: "exited",
      exitReason: "removed",
      nextRunAt: null,
      finishedAt: expect.any(String),
    });
    const twice = await call(`${path}/${seq.id}/enrolments/${ea.id}`, { method: "DELETE", key: ctx.key });
    expect(twice.body.data).toEqual(removed.body.data);
    const exited = await call(`${path}/${seq.id}/enrolments?status=exited`, { key: ctx.key });
    expect(exited.body.data.map((e: { id: string }) => e.id)).toEqual([ea.id]);
    expect((await call(`${path}/${seq.id}/enrolments?status=nope`, { key: ctx.key })).status).toBe(400);
    expect((await call(`${path}/${seq.id}/enrolments/${randomUUID()}`, { method: "DELETE", key: ctx.key })).status).toBe(404);
    const detail = await call(`${path}/${seq.id}`, { key: ctx.key });
    expect(detail.body.data.enrolments).toEqual({ total: 2, active: 1, completed: 0, exited: 1, failed: 0 });
    expect(detail.body.data.stats.exits.removed).toBe(1);
    const audits = await db().auditLog.findMany({ where: { orgId: ctx.orgId, targetId: seq.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((x) => x.action)).toEqual(["sequence.created", "sequence.enrolled", "sequence.enrolment_removed"]);
  });

  it("refuses another organization's contacts and unknown addresses without enrolling anyone", async () => {
    const other = await setup();
    const theirs = await contact(other.orgId, "their.e@example.test");
    const mine = await contact(ctx.orgId, `mine.e-${n++}@example.test`);
    for (const [body, field] of [
      [{ contactIds: [mine.id, theirs.id] }, "body.contactIds.1"],
      [{ contactIds: [mine.id], emails: ["nobody@example.test"] }, "body.emails.0"],
      [{}, "body"],
      [{ contactIds: ["nope"] }, "body.contactIds.0"],
      [{ emails: Array.from({ length: 1001 }, (_, i) => `x${i}@example.test`) }, "body.emails"],
    ] as const) {
      const res = await call(`${path}/${seq.id}/enrolments`, { key: ctx.key, body });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toContain(field);
    }
    expect(await db().sequenceEnrolment.count({ where: { contactId: { in: [mine.id, theirs.id] } } })).toBe(0);
  });
});

describe("sequences running", () => {
  it(
    "sends each step after its delay, from the sender, with the contact's variables, then completes; per-step stats",
    { timeout: 60_000 },
    async () => {
      const ctx = await setup({ sending: true });
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: ctx.orgId, email: "ann@sender.test" } });
      const [t1, t2, t3] = [await template(ctx.key, 1), await template(ctx.key, 2), await template(ctx.key, 3)];
      const seq = await createSequence(ctx.key, {
        senderId: sender.id,
        steps: [
          { delaySeconds: 0, templateId: t1 },
          { delaySeconds: 2, templateId: t2 },
          { delaySeconds: 3, templateId: t3 },
        ],
      });
      const c = await contact(ctx.orgId, "walker@example.test", { name: "Walker", properties: { plan: "Pro" } });
      const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;

      await until("step 1", async () => mailsTo(ctx.sink, c.email).length >= 1);
      await until("the enrolment to complete", async () => (await enrolment(e.id)).status === "completed");
      expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Walker", "Step 2 for Walker", "Step 3 for Walker"]);
      const first = await simpleParser(mailsTo(ctx.sink, c.email)[0].raw);
      expect(first.from?.value[0].address).toBe("ann@sender.test");
      expect(first.text).toContain("Step 1, Walker on Pro");
      expect(await enrolment(e.id)).toMatchObject({ status: "completed", nextStep: 3, nextRunAt: null, exitReason: null });

      // Each step went out its delay after the one before it (the times the sends were recorded).
      const sends = await db().sequenceStepSend.findMany({ where: { enrolmentId: e.id }, include: { step: true } });
      sends.sort((a, b) => a.step.position - b.step.position);
      expect(sends.map((s) => s.status)).toEqual(["sent", "sent", "sent"]);
      const at = sends.map((s) => s.sentAt!.getTime());
      const messages = await db().message.findMany({ where: { id: { in: sends.map((s) => s.messageId!) } } });
      const createdAt = new Map(messages.map((m) => [m.id, m.createdAt.getTime()]));
      expect(createdAt.get(sends[1].messageId!)! - at[0]).toBeGreaterThanOrEqual(2_000);
      expect(createdAt.get(sends[2].messageId!)! - at[1]).toBeGreaterThanOrEqual(3_000);
      expect(messages.every((m) => m.emailType === "marketing" && m.fromAddress.includes("ann@sender.test"))).toBe(true);

      // Stats from the step sends and their messages' events (opens counted once per message).
      const msg = sends[0].messageId!;
      const event = (type: string) => ({
        orgId: ctx.orgId,
        messageId: msg,
        type,
        recipient: c.email,
        sendMode: "production",
        occurredAt: new Date(),
        source: "manual",
      });
      await db().emailEvent.createMany({
        data: [event("email.delivered"), event("email.opened"), event("email.opened"), event("email.clicked")],
      });
      const detail = (await call(`${path}/${seq.id}`, { key: ctx.key })).body.data;
      expect(detail.enrolments).toEqual({ total: 1, active: 0, completed: 1, exited: 0, failed: 0 });
      expect(
        detail.stats.steps.map((s: Record<string, number>) => [
          s.position,
          s.sent,
          s.failed,
          s.skipped,
          s.delivered,
          s.opened,
          s.clicked,
          s.bounced,
        ]),
      ).toEqual([
        [0, 1, 0, 0, 1, 1, 1, 0],
        [1, 1, 0, 0, 0, 0, 0, 0],
        [2, 1, 0, 0, 0, 0, 0, 0],
      ]);
    },
  );

  it("a reply from the contact ends the sequence: no step 2, exited as replied", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const inbound = await postmarkInboundProvider(ctx.org.cookie, { priority: 1_000 }); // receives only: SMTP sends first
    const seq = await createSequence(ctx.key, {
      steps: [
        { delaySeconds: 0, templateId: await template(ctx.key, 1) },
        { delaySeconds: 4, templateId: await template(ctx.key, 2) },
      ],
    });
    const c = await contact(ctx.orgId, "replier@example.test", { name: "Rita" });
    const [e] = (await enrol(ctx.key, seq.id, { emails: [c.email] })).enrolled;
    await until("step 1", async () => mailsTo(ctx.sink, c.email).length >= 1);

    await receive(inbound, {
      from: { email: "Replier@Example.test", name: "Rita" },
      to: [{ email: "ann@sender.test" }],
      subject: "Re: Step 1 for Rita",
      text: "Thanks, no more please.",
    });
    expect(await enrolment(e.id)).toMatchObject({ status: "exited", exitReason: "replied", nextRunAt: null });
    await stepJobDone(e.id, 1);
    expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Rita"]);
    expect((await call(`${path}/${seq.id}`, { key: ctx.key })).body.data.stats.exits.replied).toBe(1);
  });

  it("an out-of-office answer is not a reply", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const inbound = await postmarkInboundProvider(ctx.org.cookie, { priority: 1_000 });
    const seq = await createSequence(ctx.key, {
      steps: [
        { delaySeconds: 0, templateId: await template(ctx.key, 1) },
        { delaySeconds: 4, templateId: await template(ctx.key, 2) },
      ],
    });
    const c = await contact(ctx.orgId, "away@example.test", { name: "Al" });
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    await until("step 1", async () => mailsTo(ctx.sink, c.email).length >= 1);
    await receive(inbound, {
      from: { email: c.email },
      to: [{ email: "ann@sender.test" }],
      subject: "Out of office",
      text: "Back Monday",
      headers: [{ Name: "Auto-Submitted", Value: "auto-replied" }],
    });
    await until("the enrolment to complete", async () => (await enrolment(e.id)).status === "completed");
    expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Al", "Step 2 for Al"]);
  });

  it("unsubscribing through step 1's one-click link ends the sequence", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const seq = await createSequence(ctx.key, {
      steps: [
        { delaySeconds: 0, templateId: await template(ctx.key, 1) },
        { delaySeconds: 4, templateId: await template(ctx.key, 2) },
      ],
    });
    const c = await contact(ctx.orgId, "leaver.s@example.test", { name: "Lee" });
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    const [mail] = await until("step 1", async () => mailsTo(ctx.sink, c.email).length >= 1 && mailsTo(ctx.sink, c.email));
    const head = mail.raw
      .toString("utf8")
      .split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, " ");
    const header = head.split(/\r?\n/).find((line) => /^list-unsubscribe:/i.test(line));
    const url = /<(https?:\/\/[^>]+)>/.exec(header ?? "")?.[1];
    expect(url).toBeTruthy();
    const res = await fetch(url!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);

    await stepJobDone(e.id, 1);
    expect(await enrolment(e.id)).toMatchObject({ status: "exited", exitReason: "unsubscribed" });
    expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Lee"]);
  });

  it("a suppressed contact leaves at the step, unsent", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 0, templateId: await template(ctx.key, 1) }] });
    const c = await contact(ctx.orgId, "bounced.s@example.test");
    await db().suppression.create({ data: { orgId: ctx.orgId, email: c.email, reason: "bounce" } });
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    await until("the exit", async () => (await enrolment(e.id)).status === "exited");
    expect(await enrolment(e.id)).toMatchObject({ exitReason: "suppressed" });
    expect(mailsTo(ctx.sink, c.email)).toHaveLength(0);
  });

  it("a send refused for good fails the step and the enrolment, with the reason", { timeout: 60_000 }, async () => {
    const ctx = await setup(); // test mode: the contact is on no test list
    const seq = await createSequence(ctx.key, {
      steps: [
        { delaySeconds: 0, templateId: await template(ctx.key, 1) },
        { delaySeconds: 0, templateId: await template(ctx.key, 2) },
      ],
    });
    const c = await contact(ctx.orgId, "outsider@example.test");
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    await until("the failure", async () => (await enrolment(e.id)).status === "failed");
    const [listed] = (await call(`${path}/${seq.id}/enrolments?status=failed`, { key: ctx.key })).body.data;
    expect(listed).toMatchObject({ id: e.id, nextStep: 0, exitReason: null, error: expect.stringMatching(/test/i) });
    const detail = (await call(`${path}/${seq.id}`, { key: ctx.key })).body.data;
    expect(detail.stats.steps.map((s: { failed: number; sent: number }) => [s.sent, s.failed])).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(await db().message.count({ where: { orgId: ctx.orgId } })).toBe(0);
  });

  it("pausing holds the next step; resuming sends it", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const seq = await createSequence(ctx.key, {
      steps: [
        { delaySeconds: 0, templateId: await template(ctx.key, 1) },
        { delaySeconds: 3, templateId: await template(ctx.key, 2) },
      ],
    });
    const c = await contact(ctx.orgId, "pauser@example.test", { name: "Pat" });
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    await until("step 1", async () => mailsTo(ctx.sink, c.email).length >= 1);
    expect((await call(`${path}/${seq.id}`, { method: "PATCH", key: ctx.key, body: { status: "paused" } })).status).toBe(200);
    await stepJobDone(e.id, 1); // ran while paused: nothing sent
    expect(await enrolment(e.id)).toMatchObject({ status: "active", nextStep: 1 });
    expect(mailsTo(ctx.sink, c.email)).toHaveLength(1);

    expect((await call(`${path}/${seq.id}`, { method: "PATCH", key: ctx.key, body: { status: "active" } })).status).toBe(200);
    await until("the enrolment to complete", async () => (await enrolment(e.id)).status === "completed");
    expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Pat", "Step 2 for Pat"]);
  });

  it("contacts joining the trigger list are enrolled once (subscribed ones, active sequences only)", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const list = await call("/api/v1/lists", { key: ctx.key, body: { name: named("list") } });
    expect(list.status).toBe(201);
    const listId = list.body.data.id;
    const t = await template(ctx.key, 1);
    const seq = await createSequence(ctx.key, { triggerListId: listId, steps: [{ delaySeconds: 0, templateId: t }] });
    const paused = await createSequence(ctx.key, { triggerListId: listId, status: "paused", steps: [{ delaySeconds: 0, templateId: t }] });
    const joiner = await contact(ctx.orgId, "joiner@example.test", { name: "Jo" });
    const quiet = await contact(ctx.orgId, "quiet@example.test", { subscriptionStatus: "unsubscribed" });

    const added = await call(`/api/v1/lists/${listId}/members`, { key: ctx.key, body: { contactIds: [joiner.id, quiet.id] } });
    expect(added.status).toBe(200);
    await until("step 1", async () => mailsTo(ctx.sink, joiner.email).length >= 1);
    const rows = await db().sequenceEnrolment.findMany({ where: { orgId: ctx.orgId } });
    expect(rows.map((r) => [r.sequenceId, r.contactId, r.source])).toEqual([[seq.id, joiner.id, "list"]]);
    expect(await db().auditLog.findFirst({ where: { targetId: seq.id, action: "sequence.enrolled" } })).toMatchObject({
      actorType: "system",
      actorId: `list:${listId}`,
    });

    // Leaving and joining again does not start the sequence again.
    expect((await call(`/api/v1/lists/${listId}/members/${joiner.id}`, { method: "DELETE", key: ctx.key })).status).toBe(200);
    expect((await call(`/api/v1/lists/${listId}/members`, { key: ctx.key, body: { contactIds: [joiner.id] } })).status).toBe(200);
    expect(await db().sequenceEnrolment.count({ where: { orgId: ctx.orgId } })).toBe(1);
    expect(await db().sequenceEnrolment.count({ where: { sequenceId: paused.id } })).toBe(0);
    await until(
      "the enrolment to complete",
      async () => (await db().sequenceEnrolment.findFirstOrThrow({ where: { sequenceId: seq.id } })).status === "completed",
    );
    expect(mailsTo(ctx.sink, joiner.email)).toHaveLength(1);
  });

  it("sends a step once even when its job runs twice", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    // Step 1 waits an hour, so only the runs below send it; step 2 is then driven by two job rows due at once.
    const seq = await createSequence(ctx.key, {
      steps: [
        { delaySeconds: 3_600, templateId: await template(ctx.key, 1) },
        { delaySeconds: 3_600, templateId: await template(ctx.key, 2) },
      ],
    });
    const c = await contact(ctx.orgId, "twice@example.test", { name: "Tia" });
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;

    // Two runs at once: one sends; the other finds the step taken (and would retry) or already sent.
    const runs = await Promise.allSettled([
      runSequenceStep({ enrolmentId: e.id, position: 0 }),
      runSequenceStep({ enrolmentId: e.id, position: 0 }),
    ]);
    expect(runs.some((r) => r.status === "fulfilled" && r.value === "sent")).toBe(true);
    expect(await db().sequenceStepSend.count({ where: { enrolmentId: e.id } })).toBe(1);
    expect(await runSequenceStep({ enrolmentId: e.id, position: 0 })).toBe("stale");
    expect(await enrolment(e.id)).toMatchObject({ status: "active", nextStep: 1 });
    expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Tia"]);

    const duplicates = await insertJobs(
      db(),
      ["a", "b"].map((k) => ({
        name: "sequence.step",
        payload: { enrolmentId: e.id, position: 1 },
        runAt: new Date(),
        maxAttempts: 8,
        dedupeKey: `test-dup-${e.id}-${k}`,
      })),
    );
    await until(
      "both duplicate jobs",
      async () => (await db().job.count({ where: { id: { in: duplicates.map((j) => j.id) }, status: "done" } })) === 2,
      45_000,
    );
    expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Tia", "Step 2 for Tia"]);
    expect(await enrolment(e.id)).toMatchObject({ status: "completed" });
    expect(await db().sequenceStepSend.count({ where: { enrolmentId: e.id } })).toBe(2);
  });
});

describe("sequences: exactly once, never stuck", () => {
  const inbound = (orgId: string, from: string, headers: { name: string; value: string }[] = []) =>
    db().inboundMessage.create({
      data: { orgId, source: "smtp", fromAddress: from, subject: "Re: hello", text: "hi", size: 100, headers },
    });
  const stepJobs = (enrolmentId: string) =>
    db().job.findMany({ where: { name: "sequence.step", payload: { path: ["enrolmentId"], equals: enrolmentId } } });

  it("a reply, or a pause, landing after the step's state was read stops the send at its claim", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 3_600, templateId: await template(ctx.key, 1) }] });
    const c = await contact(ctx.orgId, "late.reply@example.test", { name: "Lou" });
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;

    const state = (await loadStepState(e.id))!;
    expect(state.exit).toBeNull();
    await inbound(ctx.orgId, "Late.Reply@Example.TEST"); // recorded, not yet processed
    expect(await sendStepOnce({ ...state, stepId: state.stepId! }, { lastAttempt: false })).toEqual({ status: "refused" });
    expect(await db().sequenceStepSend.count({ where: { enrolmentId: e.id } })).toBe(0);
    expect(await runSequenceStep({ enrolmentId: e.id, position: 0 })).toBe("exited");
    expect(await enrolment(e.id)).toMatchObject({ status: "exited", exitReason: "replied" });

    const p = await contact(ctx.orgId, "paused.late@example.test");
    const [ep] = (await enrol(ctx.key, seq.id, { contactIds: [p.id] })).enrolled;
    const before = (await loadStepState(ep.id))!;
    expect((await call(`${path}/${seq.id}`, { method: "PATCH", key: ctx.key, body: { status: "paused" } })).status).toBe(200);
    expect(await sendStepOnce({ ...before, stepId: before.stepId! }, { lastAttempt: false })).toEqual({ status: "refused" });
    expect(await runSequenceStep({ enrolmentId: ep.id, position: 0 })).toBe("paused");
    expect(ctx.sink.messages).toHaveLength(0);
  });

  it("tells replies from automatic answers, matches the address in any case, and only the organization's own mail", async () => {
    const ctx = await setup();
    const other = await setup();
    const seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 3_600, templateId: await template(ctx.key, 1) }] });
    const a = await contact(ctx.orgId, "auto.a@example.test");
    const b = await contact(ctx.orgId, "elsewhere.b@example.test");
    const { enrolled } = await enrol(ctx.key, seq.id, { contactIds: [a.id, b.id] });
    const ea = enrolled.find((x) => x.contactId === a.id)!;
    const eb = enrolled.find((x) => x.contactId === b.id)!;

    for (const headers of [
      [{ name: "Precedence", value: "auto_reply" }],
      [{ name: "precedence", value: " Bulk " }],
      [{ name: "X-Autoreply", value: "yes" }],
      [{ name: "X-Autorespond", value: "Out of office" }],
      [{ name: "Auto-Submitted", value: "auto-replied" }],
    ]) {
      const m = await inbound(ctx.orgId, a.email, headers);
      expect(await exitOnReply(m.id), JSON.stringify(headers)).toBe(0);
    }
    expect((await loadStepState(ea.id))!.exit).toBeNull();

    // Another organization receiving mail from b is not b replying to this one.
    const theirs = await inbound(other.orgId, b.email);
    expect(await exitOnReply(theirs.id)).toBe(0);
    expect((await loadStepState(eb.id))!.exit).toBeNull();

    const reply = await inbound(ctx.orgId, "AUTO.A@example.test", [{ name: "Auto-Submitted", value: "no" }]);
    expect(await exitOnReply(reply.id)).toBe(1);
    expect(await exitOnReply(reply.id)).toBe(0); // safe to repeat
    expect(await enrolment(ea.id)).toMatchObject({ status: "exited", exitReason: "replied", nextRunAt: null });
    expect(await enrolment(eb.id)).toMatchObject({ status: "active" });
  });

  it("resuming adds no job for a step whose job still waits, however often it is paused and resumed", async () => {
    const ctx = await setup();
    const seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 3_600, templateId: await template(ctx.key, 1) }] });
    const c = await contact(ctx.orgId, "toggle@example.test");
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    for (const status of ["paused", "active", "paused", "active"]) {
      expect((await call(`${path}/${seq.id}`, { method: "PATCH", key: ctx.key, body: { status } })).status).toBe(200);
    }
    const jobs = await stepJobs(e.id);
    expect(jobs.map((j) => [j.dedupeKey, j.status])).toEqual([[`sequence-step:${e.id}:0`, "queued"]]);
  });

  it(
    "settles a step an earlier run left sending: later in a job of its own, then sent once, or failed when the provider had it",
    { timeout: 60_000 },
    async () => {
      const ctx = await setup({ sending: true });
      const seq = await createSequence(ctx.key, {
        steps: [
          { delaySeconds: 3_600, templateId: await template(ctx.key, 1) },
          { delaySeconds: 3_600, templateId: await template(ctx.key, 2) },
        ],
      });
      const c = await contact(ctx.orgId, "settle@example.test", { name: "Sam", properties: { plan: "<b>Pro</b> & co" } });
      const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
      const at = { enrolmentId: e.id, position: 0 };

      // A run in progress (or one that just died): nothing is decided yet, and no attempt is spent waiting.
      const left = await db().sequenceStepSend.create({ data: { enrolmentId: e.id, stepId: seq.steps[0].id, status: "sending" } });
      expect(await runSequenceStep(at)).toBe("pending");
      const settleJob = (await stepJobs(e.id)).find((j) => j.dedupeKey?.startsWith(`sequence-step:${e.id}:0:settle-`));
      expect(settleJob?.status).toBe("queued");
      expect(settleJob!.runAt.getTime()).toBeGreaterThanOrEqual(left.createdAt.getTime() + 10 * 60_000);
      expect(ctx.sink.messages).toHaveLength(0);

      // Ten minutes on with no message recorded: the run died before sending; claimed again and sent once.
      await db().sequenceStepSend.update({ where: { id: left.id }, data: { createdAt: new Date(Date.now() - 11 * 60_000) } });
      expect(await runSequenceStep(at)).toBe("sent");
      expect(await runSequenceStep(at)).toBe("stale");
      expect(await subjects(ctx.sink, c.email)).toEqual(["Step 1 for Sam"]);
      const html = (await simpleParser(mailsTo(ctx.sink, c.email)[0].raw)).html;
      expect(html).toContain("Sam on &lt;b&gt;Pro&lt;/b&gt; &amp; co"); // properties are escaped in html
      expect(await db().sequenceStepSend.findMany({ where: { enrolmentId: e.id }, select: { status: true } })).toEqual([
        { status: "sent" },
      ]);

      // Step 2 left with its message at the provider, no answer: failed, never sent again.
      const stuck = await db().sequenceStepSend.create({
        data: { enrolmentId: e.id, stepId: seq.steps[1].id, status: "sending", createdAt: new Date(Date.now() - 11 * 60_000) },
      });
      await db().message.create({
        data: {
          orgId: ctx.orgId,
          fromAddress: "x@sender.test",
          to: [c.email],
          cc: [],
          bcc: [],
          subject: "Step 2",
          sendMode: "production",
          messageIdHeader: `<${randomUUID()}@test>`,
          metadata: { sequenceStepSendId: stuck.id },
        },
      });
      expect(await runSequenceStep({ enrolmentId: e.id, position: 1 })).toBe("failed");
      expect(mailsTo(ctx.sink, c.email)).toHaveLength(1);
      const [listed] = (await call(`${path}/${seq.id}/enrolments`, { key: ctx.key })).body.data;
      expect(listed).toMatchObject({ status: "failed", nextStep: 1, error: expect.stringContaining("not sent again") });
    },
  );

  it("gives a step whose job failed for good a new one, and fails the enrolment after three", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    const seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 3_600, templateId: await template(ctx.key, 1) }] });
    const a = await contact(ctx.orgId, "recovered@example.test", { name: "Rae" });
    const b = await contact(ctx.orgId, "poisoned@example.test");
    const { enrolled } = await enrol(ctx.key, seq.id, { contactIds: [a.id, b.id] });
    const ea = enrolled.find((x) => x.contactId === a.id)!;
    const eb = enrolled.find((x) => x.contactId === b.id)!;
    // Both steps were due an hour ago, and their jobs failed through every attempt.
    const failed = { status: "failed", lastError: "the database was away", finishedAt: new Date() };
    await db().job.updateMany({ where: { dedupeKey: { in: [`sequence-step:${ea.id}:0`, `sequence-step:${eb.id}:0`] } }, data: failed });
    await db().job.createMany({
      data: ["r1", "r2"].map((k) => ({
        name: "sequence.step",
        payload: { enrolmentId: eb.id, position: 0 },
        dedupeKey: `test-${eb.id}-${k}`,
        ...failed,
      })),
    });
    await db().sequenceEnrolment.updateMany({
      where: { id: { in: [ea.id, eb.id] } },
      data: { nextRunAt: new Date(Date.now() - 3_600_000) },
    });

    await recoverSequenceSteps(); // also every ten minutes on the servers
    await until("the recovered step to go out", async () => (await enrolment(ea.id)).status === "completed");
    expect(await subjects(ctx.sink, a.email)).toEqual(["Step 1 for Rae"]);
    expect(await enrolment(eb.id)).toMatchObject({ status: "failed", nextStep: 0 });
    const [listed] = (await call(`${path}/${seq.id}/enrolments?status=failed`, { key: ctx.key })).body.data;
    expect(listed).toMatchObject({ id: eb.id, error: expect.stringContaining("failed for good 3 times; last: the database was away") });
    expect(mailsTo(ctx.sink, b.email)).toHaveLength(0);
    await recoverSequenceSteps(); // a failed enrolment is left alone
    expect((await stepJobs(eb.id)).map((j) => j.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("fails the step at once when the month's allowance is used up (it will not change on retry)", { timeout: 60_000 }, async () => {
    const ctx = await setup({ sending: true });
    await db().organization.update({ where: { id: ctx.orgId }, data: { monthlySendAllowance: 0 } });
    const seq = await createSequence(ctx.key, { steps: [{ delaySeconds: 3_600, templateId: await template(ctx.key, 1) }] });
    const c = await contact(ctx.orgId, "over.quota@example.test");
    const [e] = (await enrol(ctx.key, seq.id, { contactIds: [c.id] })).enrolled;
    expect(await runSequenceStep({ enrolmentId: e.id, position: 0 })).toBe("failed");
    const [listed] = (await call(`${path}/${seq.id}/enrolments`, { key: ctx.key })).body.data;
    expect(listed).toMatchObject({ status: "failed", error: expect.stringContaining("allowance") });
  });
});
