// /api/v1/campaigns: CRUD and validation, the state machine (409 for every transition it does
// not allow), scopes and session permissions, another organization's campaigns (404); and
// real sends through an SMTP provider at a local sink: each subscribed, non-suppressed contact
// gets exactly one message with one-click unsubscribe headers, webhooks carry campaign_send_id
// with email_id null, stats follow opens and unsubscribes; test mode as a rehearsal; an
// unverified sender refused up front; pause, resume and cancel mid-way with a rate-limited
// provider; the monthly allowance pausing a campaign with its reason; scheduled starts (a
// rescheduled campaign's stale start does nothing; a start it is not ready for puts it back
// to draft with the reason).
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { deadPort, newSink, productionMode, smtpProvider } from "../helpers/sending";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import type { SmtpSink } from "../helpers/smtp-sink";
import { until } from "../helpers/until";
import { db } from "@/lib/db/client";
import { enqueue } from "@/lib/jobs/enqueue";
import { campaignSendBatchJob } from "@/lib/campaigns/send-batch-job";

const path = "/api/v1/campaigns";
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tag = () => randomBytes(4).toString("hex");

type Org = Awaited<ReturnType<typeof newOrg>>;

/** A list of `n` contacts (name "Contact i", property company "Company i"), made directly in the database. */
async function audience(orgId: string, n: number, extra: { unsubscribed?: number[]; noCompany?: number[] } = {}) {
  const t = tag();
  const list = await db().contactList.create({ data: { orgId, name: `List ${t}` } });
  const emails = Array.from({ length: n }, (_, i) => `c${i}-${t}@example.test`);
  await db().contact.createMany({
    data: emails.map((email, i) => ({
      orgId,
      email,
      name: `Contact ${i}`,
      properties: extra.noCompany?.includes(i) ? {} : { company: `Company ${i}` },
      subscriptionStatus: extra.unsubscribed?.includes(i) ? "unsubscribed" : "subscribed",
    })),
  });
  const contacts = await db().contact.findMany({ where: { orgId, email: { in: emails } } });
  await db().contactListMember.createMany({ data: contacts.map((c) => ({ listId: list.id, contactId: c.id })) });
  return { listId: list.id, emails };
}

async function senderOf(orgId: string, email: string, confirmed = true) {
  return db().sender.create({ data: { orgId, email, name: "Ann at Acme", confirmedAt: confirmed ? new Date() : null } });
}

const own = {
  subject: "Hello {{name}}",
  html: '<p>Hi {{name}} of {{company}}</p><p><a href="https://shop.example.test/sale">Sale</a></p>',
};

async function draft(auth: { cookie?: string; key?: string }, body: Record<string, unknown>) {
  const res = await call(path, { ...auth, body: { name: `Campaign ${tag()}`, ...own, ...body } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string };
}

const act = (auth: { cookie?: string; key?: string }, id: string, action: string, body?: unknown) =>
  call(`${path}/${id}/${action}`, { ...auth, method: "POST", ...(body ? { body } : {}) });

async function get(auth: { cookie?: string; key?: string }, id: string) {
  return (await call(`${path}/${id}`, auth)).body.data;
}

const allSends = async (auth: { cookie?: string }, id: string) =>
  (await call(`${path}/${id}/sends?perPage=100`, auth)).body.data as {
    id: string;
    email: string;
    status: string;
    reason: string | null;
    messageId: string | null;
  }[];

/** The message's header lines as sent (unfolded), by lower-cased name. */
function rawHeaders(raw: Buffer): Map<string, string> {
  const head = raw
    .toString("utf8")
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, " ");
  return new Map(
    head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
}

/** A batch run for the campaign (of its current loop), queued by hand, and run by a server's runner; resolves when it has run. */
async function runOneBatch(campaignId: string) {
  const dedupeKey = `test-batch:${campaignId}:${randomUUID()}`;
  const { updatedAt } = await db().campaign.findUniqueOrThrow({ where: { id: campaignId } });
  await enqueue(campaignSendBatchJob, { campaignId, generation: updatedAt.toISOString() }, { dedupeKey });
  const job = await until(
    () => db().job.findUnique({ where: { dedupeKey } }),
    (j) => j?.status === "done" || j?.status === "failed",
  );
  expect(job?.status).toBe("done");
}

describe("campaigns API", () => {
  let org: Org;
  let key: string;
  let sender: { id: string };
  let listId: string;
  beforeAll(async () => {
    org = await newOrg();
    sender = await senderOf(org.org.id, `news-${tag()}@acme.test`);
    listId = (await audience(org.org.id, 3)).listId;
  });
  // A key per test: a key's requests are rate-limited per minute.
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
  });

  it("creates a draft (201), reads it with stats, updates it to a template and deletes it, each audited", async () => {
    const res = await call(path, { key, body: { name: "Spring sale", listId, senderId: sender.id, ...own } });
    expect(res.status).toBe(201);
    const c = res.body.data;
    expect(c).toMatchObject({
      name: "Spring sale",
      status: "draft",
      statusReason: null,
      listId,
      senderId: sender.id,
      subject: own.subject,
      html: own.html,
      text: null,
      templateId: null,
      templateVersion: null,
      useCaseId: null,
      scheduledAt: null,
      startedAt: null,
      finishedAt: null,
      createdBy: expect.stringMatching(/^api_key:/),
      counts: { recipients: 0, pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 },
    });
    const one = await call(`${path}/${c.id}`, { key });
    expect(one.status).toBe(200);
    expect(one.body.data.stats).toMatchObject({
      recipients: 0,
      sent: 0,
      opened: 0,
      openRate: 0,
      skippedBy: { unsubscribed: 0, suppressed: 0, test_mode: 0, cancelled: 0 },
    });

    const template = await call("/api/v1/templates", {
      cookie: org.cookie,
      body: { name: `T ${tag()}`, subject: "Hi {{name}}", html: "<p>{{company}}</p>" },
    });
    expect(template.status).toBe(201);
    const uc = await call("/api/v1/use-cases", { cookie: org.cookie, body: { name: `Newsletter ${tag()}` } });
    const patched = await call(`${path}/${c.id}`, {
      method: "PATCH",
      key,
      body: { name: "Spring sale 2", templateId: template.body.data.id, subject: null, html: null, useCaseId: uc.body.data.id },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: "Spring sale 2",
      templateId: template.body.data.id,
      templateVersion: null,
      subject: null,
      html: null,
      useCaseId: uc.body.data.id,
    });

    const deleted = await call(`${path}/${c.id}`, { method: "DELETE", key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: c.id, deleted: true });
    expect((await call(`${path}/${c.id}`, { key })).status).toBe(404);
    const audits = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: c.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.targetType, a.actorType])).toEqual([
      ["campaign.created", "campaign", "api_key"],
      ["campaign.updated", "campaign", "api_key"],
      ["campaign.deleted", "campaign", "api_key"],
    ]);
  });

  it("lists newest first, paginated, filtered by status", async () => {
    const mine = await newOrg();
    const s = await senderOf(mine.org.id, "a@mine.test");
    const l = (await audience(mine.org.id, 1)).listId;
    const auth = { cookie: mine.cookie };
    for (const name of ["one", "two", "three"]) await draft(auth, { name, listId: l, senderId: s.id });
    const all = await call(path, auth);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual(["three", "two", "one"]);
    const page2 = await call(`${path}?page=2&perPage=2`, auth);
    expect(page2.body.data.map((c: { name: string }) => c.name)).toEqual(["one"]);
    const cancelled = all.body.data[0].id;
    expect((await act(auth, cancelled, "schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(200);
    expect((await act(auth, cancelled, "cancel")).status).toBe(200);
    const filtered = await call(`${path}?status=cancelled`, auth);
    expect(filtered.body.data.map((c: { id: string }) => c.id)).toEqual([cancelled]);
    expect((await call(`${path}?status=draft`, auth)).body.pagination.total).toBe(2);
    expect((await call(`${path}?status=bogus`, auth)).status).toBe(400);
  });

  it("validates the body: content is a template or a subject with html/text; ids must be the organization's own (400 naming the field)", async () => {
    const base = { name: "x", listId, senderId: sender.id };
    const bad: [Record<string, unknown>, string][] = [
      [{ listId, senderId: sender.id, ...own }, "body.name"],
      [{ ...base, name: " ", ...own }, "body.name"],
      [{ ...base, listId: undefined, ...own }, "body.listId"],
      [{ ...base, listId: "nope", ...own }, "body.listId"],
      [{ ...base }, "body.subject"],
      [{ ...base, subject: "Hi" }, "body.html"],
      [{ ...base, subject: "a\nb", html: "<p>x</p>" }, "body.subject"],
      [{ ...base, ...own, templateId: randomUUID() }, "body.templateId"],
      [{ ...base, templateVersion: 2, ...own }, "body.templateVersion"],
      [{ ...base, ...own, extra: 1 }, "body"],
      [{ ...base, subject: "Hi {{#if}}", html: "<p>x</p>" }, "body.subject"],
      [{ ...base, subject: "Hi", html: "{{> partial}}" }, "body.html"],
    ];
    for (const [body, field] of bad) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error, JSON.stringify(body)).toContain(field);
    }
    const other = await newOrg();
    const theirSender = await senderOf(other.org.id, "them@other.test");
    const theirList = (await audience(other.org.id, 1)).listId;
    const theirTemplate = (
      await call("/api/v1/templates", { cookie: other.cookie, body: { name: "Theirs", subject: "S", html: "<p>h</p>" } })
    ).body.data.id;
    const theirUseCase = (await call("/api/v1/use-cases", { cookie: other.cookie, body: { name: "Theirs" } })).body.data.id;
    const mineTemplate = (
      await call("/api/v1/templates", { cookie: org.cookie, body: { name: `Mine ${tag()}`, subject: "S", html: "<p>h</p>" } })
    ).body.data.id;
    for (const [body, field] of [
      [{ ...base, listId: theirList, ...own }, "body.listId"],
      [{ ...base, senderId: theirSender.id, ...own }, "body.senderId"],
      [{ ...base, templateId: theirTemplate }, "body.templateId"],
      [{ ...base, templateId: mineTemplate, templateVersion: 7 }, "body.templateVersion"],
      [{ ...base, useCaseId: theirUseCase, ...own }, "body.useCaseId"],
      [{ ...base, listId: randomUUID(), ...own }, "body.listId"],
    ] as [Record<string, unknown>, string][]) {
      const res = await call(path, { key, body });
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain(field);
    }
    expect(await db().campaign.count({ where: { orgId: org.org.id, name: "x" } })).toBe(0);

    const c = await draft({ key }, { listId, senderId: sender.id });
    for (const body of [{}, { templateId: mineTemplate }, { subject: null }, { listId: theirList }, { unknown: 1 }]) {
      const res = await call(`${path}/${c.id}`, { method: "PATCH", key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await act({ key }, c.id, "schedule", { scheduledAt: "tomorrow" })).status).toBe(400);
    expect((await act({ key }, c.id, "schedule", { scheduledAt: new Date(Date.now() - 60_000).toISOString() })).status).toBe(400);
    expect((await act({ key }, c.id, "schedule", { scheduledAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).status).toBe(400);
    expect((await act({ key }, c.id, "pause", { reason: "x" })).status).toBe(400);
    expect((await call(`${path}/not-a-uuid`, { key })).status).toBe(400);
    expect((await get({ key }, c.id)).status).toBe("draft");
  });

  it("refuses every transition the state machine does not allow with 409 CONFLICT naming the status", async () => {
    const auth = { key };
    const c = await draft(auth, { listId, senderId: sender.id });
    for (const action of ["pause", "resume", "cancel"]) {
      const res = await act(auth, c.id, action);
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
      expect(res.body.error).toContain("it is draft");
    }
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await act(auth, c.id, "schedule", { scheduledAt: at });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ status: "scheduled", scheduledAt: at });
    // A scheduled campaign can still change, be rescheduled, and not be deleted or paused.
    expect((await call(`${path}/${c.id}`, { method: "PATCH", key, body: { name: "Renamed" } })).status).toBe(200);
    const later = new Date(Date.now() + 7_200_000).toISOString();
    expect((await act(auth, c.id, "schedule", { scheduledAt: later })).body.data.scheduledAt).toBe(later);
    expect((await call(`${path}/${c.id}`, { method: "DELETE", key })).status).toBe(409);
    expect((await act(auth, c.id, "pause")).status).toBe(409);
    expect((await act(auth, c.id, "resume")).status).toBe(409);
    const cancelled = await act(auth, c.id, "cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", finishedAt: expect.any(String) });
    for (const [action, body] of [["send"], ["schedule", { scheduledAt: later }], ["pause"], ["resume"], ["cancel"]] as [
      string,
      unknown?,
    ][]) {
      const res = await act(auth, c.id, action, body);
      expect(res.status, action).toBe(409);
      expect(res.body.error).toContain("it is cancelled");
    }
    const patch = await call(`${path}/${c.id}`, { method: "PATCH", key, body: { name: "Again" } });
    expect(patch.status).toBe(409);
    expect(patch.body.error).toContain("only drafts and scheduled campaigns can be changed");
    expect((await call(`${path}/${c.id}`, { method: "DELETE", key })).status).toBe(409);
    const actions = await db().auditLog.findMany({ where: { targetId: c.id }, orderBy: { createdAt: "asc" }, select: { action: true } });
    expect(actions.map((a) => a.action)).toEqual([
      "campaign.created",
      "campaign.scheduled",
      "campaign.updated",
      "campaign.scheduled",
      "campaign.cancelled",
    ]);
  });

  it("needs campaigns:read to read and campaigns:write to change; project-bound keys cannot change them; viewers read only", async () => {
    const c = await draft({ key }, { listId, senderId: sender.id });
    const readOnly = (await createKey(org.cookie, ["campaigns:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${c.id}`, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${c.id}/sends`, { key: readOnly })).status).toBe(200);
    expect((await call(path, { key: readOnly, body: { name: "x", listId, senderId: sender.id, ...own } })).status).toBe(403);
    expect((await call(`${path}/${c.id}`, { method: "PATCH", key: readOnly, body: { name: "x" } })).status).toBe(403);
    expect((await call(`${path}/${c.id}`, { method: "DELETE", key: readOnly })).status).toBe(403);
    for (const action of ["send", "pause", "resume", "cancel"])
      expect((await act({ key: readOnly }, c.id, action)).status, action).toBe(403);
    const noScope = (await createKey(org.cookie, ["email:send"])).key;
    expect((await call(path, { key: noScope })).status).toBe(403);
    expect((await call(`${path}/${c.id}`, { key: noScope })).status).toBe(403);
    const bound = (await createKey(org.cookie, ["campaigns:read", "campaigns:write"], { projectId: org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(path, { key: bound, body: { name: "x", listId, senderId: sender.id, ...own } })).status).toBe(403);

    const viewer = await addMemberAs(org.cookie, "viewer");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(`${path}/${c.id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(path, { cookie: viewer.cookie, body: { name: "x", listId, senderId: sender.id, ...own } })).status).toBe(403);
    expect((await act({ cookie: viewer.cookie }, c.id, "send")).status).toBe(403);
    expect((await call(`${path}/${c.id}`, { method: "DELETE", cookie: viewer.cookie })).status).toBe(403);
    const member = await addMemberAs(org.cookie, "member");
    const made = await call(path, { cookie: member.cookie, body: { name: "By a member", listId, senderId: sender.id, ...own } });
    expect(made.status).toBe(201);
    expect(made.body.data.createdBy).toBe(`user:${member.member.userId}`);
    expect((await get({ key }, c.id)).status).toBe("draft");
  });

  it("answers 404 for another organization's campaign and changes nothing", async () => {
    const other = await newOrg();
    const theirs = await draft(
      { cookie: other.cookie },
      { listId: (await audience(other.org.id, 1)).listId, senderId: (await senderOf(other.org.id, "x@other.test")).id },
    );
    for (const [method, p, body] of [
      ["GET", ""],
      ["PATCH", "", { name: "mine" }],
      ["DELETE", ""],
      ["GET", "/sends"],
      ["POST", "/send"],
      ["POST", "/schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }],
      ["POST", "/pause"],
      ["POST", "/resume"],
      ["POST", "/cancel"],
    ] as [string, string, unknown?][]) {
      const res = await call(`${path}/${theirs.id}${p}`, { method, key, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    expect((await call(path, { key })).body.data.map((c: { id: string }) => c.id)).not.toContain(theirs.id);
    expect(await db().campaign.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      orgId: other.org.id,
      status: "draft",
      name: theirs.name,
    });
  });
});

describe("a campaign sent in production", () => {
  let org: Org;
  let sink: SmtpSink;
  let receiver: Receiver;
  beforeAll(async () => {
    org = await newOrg();
    await productionMode(org.org.id);
    sink = await newSink();
    await smtpProvider(org.cookie, sink);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await sink?.close();
    await receiver?.close();
  });

  it("reaches each subscribed, non-suppressed contact exactly once, with unsubscribe headers; webhooks carry campaign_send_id; stats follow opens and unsubscribes", async () => {
    const auth = { cookie: org.cookie };
    const hook = await call("/api/v1/webhook-endpoints", {
      cookie: org.cookie,
      body: { url: receiver.url("/campaign"), events: ["email.sent", "email.opened", "email.unsubscribed"] },
    });
    expect(hook.status).toBe(201);
    const { listId, emails } = await audience(org.org.id, 20, { unsubscribed: [3] });
    const suppressed = emails[7];
    await db().suppression.create({ data: { orgId: org.org.id, email: suppressed, reason: "manual" } });
    const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
    const c = await draft(auth, { name: "Launch", listId, senderId: sender.id });

    const started = await act(auth, c.id, "send");
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe("sending");
    expect(started.body.data.startedAt).toEqual(expect.any(String));
    const done = await until(
      () => get(auth, c.id),
      (x) => x.status === "sent",
    );
    expect(done.status).toBe("sent");
    expect(done.finishedAt).toEqual(expect.any(String));

    // The sink: one message per reachable contact, personalised, with one-click unsubscribe.
    const reachable = emails.filter((_, i) => i !== 3 && i !== 7);
    const byRecipient = new Map<string, Buffer[]>();
    for (const m of sink.messages) for (const r of m.rcptTo) byRecipient.set(r, [...(byRecipient.get(r) ?? []), m.raw]);
    expect([...byRecipient.keys()].sort()).toEqual([...reachable].sort());
    for (const email of reachable) expect(byRecipient.get(email), email).toHaveLength(1);
    const first = byRecipient.get(emails[0])![0];
    const headers = rawHeaders(first);
    expect(headers.get("list-unsubscribe")).toMatch(/<https?:\/\/[^>]+\/u\/[^>]+>/);
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const parsed = await simpleParser(first);
    expect(parsed.subject).toBe("Hello Contact 0");
    expect(parsed.from?.value[0]).toMatchObject({ address: "ann@sender.test", name: "" });
    expect(parsed.html).toContain("Hi Contact 0 of Company 0");

    // Recipients: sent with their message, the unsubscribed and the suppressed skipped with the reason.
    const sends = await allSends(auth, c.id);
    expect(sends).toHaveLength(20);
    const byEmail = new Map(sends.map((s) => [s.email, s]));
    expect(byEmail.get(emails[3])).toMatchObject({ status: "skipped", reason: "unsubscribed", messageId: null });
    expect(byEmail.get(suppressed)).toMatchObject({ status: "skipped", reason: "suppressed" });
    for (const email of reachable)
      expect(byEmail.get(email), email).toMatchObject({ status: "sent", reason: null, messageId: expect.any(String) });
    const messages = await db().message.findMany({ where: { campaignSendId: { in: sends.map((s) => s.id) } } });
    expect(messages).toHaveLength(18);
    expect(messages.every((m) => m.status === "sent" && m.emailType === "marketing" && m.sendMode === "production")).toBe(true);

    // Webhooks: email.sent per message, email_id null, campaign_send_id the recipient's row.
    const sent = (await receiver.waitFor("/campaign", 18)).map((r) => JSON.parse(r.body));
    expect(sent).toHaveLength(18);
    for (const p of sent) {
      expect(p).toMatchObject({ type: "email.sent", email_id: null, send_mode: "production" });
      expect(p.campaign_send_id).toBe(byEmail.get(p.recipient)!.id);
    }

    // A person opens one message (after the two seconds a scanner would fetch it in), and unsubscribes from another.
    const pixel = /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(parsed.html || "")?.[1];
    expect(pixel).toBeTruthy();
    const sentAt = (await db().message.findFirstOrThrow({ where: { campaignSendId: byEmail.get(emails[0])!.id } })).sentAt!;
    await sleep(Math.max(0, sentAt.getTime() + 2_100 - Date.now()));
    expect((await fetch(pixel!, { headers: { "user-agent": BROWSER } })).status).toBe(200);
    const unsubscribeUrl = /<(https?:\/\/[^>]+\/u\/[^>]+)>/.exec(rawHeaders(byRecipient.get(emails[1])![0]).get("list-unsubscribe")!)![1];
    const unsubscribed = await fetch(unsubscribeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);

    const hits = (await receiver.waitFor("/campaign", 20)).map((r) => JSON.parse(r.body));
    const opened = hits.find((h) => h.type === "email.opened");
    const left = hits.find((h) => h.type === "email.unsubscribed");
    expect(opened).toMatchObject({ email_id: null, campaign_send_id: byEmail.get(emails[0])!.id, recipient: emails[0] });
    expect(left).toMatchObject({ email_id: null, campaign_send_id: byEmail.get(emails[1])!.id, recipient: emails[1] });

    const stats = (
      await until(
        () => get(auth, c.id),
        (x) => x.stats.opened === 1 && x.stats.unsubscribed === 1,
      )
    ).stats;
    expect(stats).toMatchObject({
      recipients: 20,
      pending: 0,
      sending: 0,
      sent: 18,
      failed: 0,
      skipped: 2,
      skippedBy: { unsubscribed: 1, suppressed: 1, test_mode: 0, cancelled: 0 },
      delivered: 0,
      opened: 1,
      clicked: 0,
      bounced: 0,
      complained: 0,
      unsubscribed: 1,
      openRate: 0.06,
      unsubscribeRate: 0.06,
      deliveryRate: 0,
      bounceRate: 0,
    });
    const actions = await db().auditLog.findMany({
      where: { targetId: c.id },
      orderBy: { createdAt: "asc" },
      select: { action: true, actorType: true },
    });
    expect(actions).toEqual([
      { action: "campaign.created", actorType: "user" },
      { action: "campaign.started", actorType: "user" },
      { action: "campaign.sent", actorType: "system" },
    ]);
  }, 90_000);

  it("refuses to start with an unverified sender (403 SENDER_NOT_VERIFIED) or an empty list (409), up front", async () => {
    const auth = { cookie: org.cookie };
    const { listId } = await audience(org.org.id, 2);
    const unverified = await senderOf(org.org.id, `nobody-${tag()}@unverified.test`, false);
    const c = await draft(auth, { listId, senderId: unverified.id });
    const res = await act(auth, c.id, "send");
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SENDER_NOT_VERIFIED");
    expect((await act(auth, c.id, "schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(403);
    expect(await get(auth, c.id)).toMatchObject({ status: "draft", counts: { recipients: 0 } });

    const empty = await db().contactList.create({ data: { orgId: org.org.id, name: `Empty ${tag()}` } });
    const verified = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "bea@sender.test" } });
    const e = await draft(auth, { listId: empty.id, senderId: verified.id });
    const refused = await act(auth, e.id, "send");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain("its list has no contacts");
    expect((await get(auth, e.id)).status).toBe("draft");
  });
});

describe("a campaign in test mode", () => {
  it("is a rehearsal: only test-list addresses get it, the others are skipped (test_mode); the sender need not be verified", async () => {
    const org = await newOrg();
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink);
      const { listId, emails } = await audience(org.org.id, 5);
      expect(
        (await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "QA", emails: [emails[0], emails[2]] } })).status,
      ).toBeLessThan(300);
      const sender = await senderOf(org.org.id, "rehearsal@unverified.test", false);
      const c = await draft({ cookie: org.cookie }, { listId, senderId: sender.id });
      expect((await act({ cookie: org.cookie }, c.id, "send")).status).toBe(200);
      const done = await until(
        () => get({ cookie: org.cookie }, c.id),
        (x) => x.status === "sent",
      );
      expect(done.stats).toMatchObject({ recipients: 5, sent: 2, skipped: 3, skippedBy: { test_mode: 3 } });
      expect(sink.messages.flatMap((m) => m.rcptTo).sort()).toEqual([emails[0], emails[2]].sort());
      const sends = await allSends({ cookie: org.cookie }, c.id);
      expect(sends.filter((s) => s.status === "skipped").map((s) => s.reason)).toEqual(["test_mode", "test_mode", "test_mode"]);
      expect(await db().message.count({ where: { orgId: org.org.id, sendMode: "test", status: "sent" } })).toBe(2);
    } finally {
      await sink.close();
    }
  }, 60_000);
});

describe("pause, resume and cancel while sending", () => {
  it("a rate-limited campaign pauses (a batch run while paused sends nothing), then resumes and reaches everyone once (but a contact who unsubscribed meanwhile)", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sink = await newSink();
    try {
      const provider = await smtpProvider(org.cookie, sink, { rateLimitPerMinute: 5 });
      const { listId, emails } = await audience(org.org.id, 20);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "cy@sender.test" } });
      const auth = { cookie: org.cookie };
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      // The provider's limit holds it: some sent, the rest waiting for the provider's window.
      const progressing = await until(
        () => get(auth, c.id),
        (x) => x.counts.sent >= 5,
      );
      expect(progressing.status).toBe("sending");
      expect(progressing.counts.pending).toBeGreaterThan(0);

      const paused = await act(auth, c.id, "pause");
      expect(paused.status).toBe(200);
      expect(paused.body.data).toMatchObject({ status: "paused", statusReason: null });
      expect((await act(auth, c.id, "pause")).status).toBe(409);
      const before = (await get(auth, c.id)).counts;
      await db().provider.update({ where: { id: provider.id }, data: { rateLimitPerMinute: null } });
      await runOneBatch(c.id);
      expect((await get(auth, c.id)).counts).toEqual(before);
      expect(sink.messages).toHaveLength(before.sent);

      // A contact waiting its turn unsubscribes meanwhile: it is skipped, not sent to.
      const waiting = (await allSends(auth, c.id)).find((s) => s.status === "pending")!;
      await db().contact.updateMany({ where: { orgId: org.org.id, email: waiting.email }, data: { subscriptionStatus: "unsubscribed" } });

      const resumed = await act(auth, c.id, "resume");
      expect(resumed.status).toBe(200);
      expect(resumed.body.data.status).toBe("sending");
      const done = await until(
        () => get(auth, c.id),
        (x) => x.status === "sent",
      );
      expect(done.counts).toMatchObject({ recipients: 20, sent: 19, pending: 0, failed: 0, skipped: 1 });
      expect(done.stats.skippedBy.unsubscribed).toBe(1);
      const received = sink.messages.flatMap((m) => m.rcptTo);
      expect(received.sort()).toEqual(emails.filter((e) => e !== waiting.email).sort());
      // Each recipient row sent has one message, sent; the capacity refusals' messages were unlinked.
      const messages = await db().message.findMany({ where: { campaignSendId: { not: null }, orgId: org.org.id } });
      expect(messages).toHaveLength(19);
      expect(messages.every((m) => m.status === "sent")).toBe(true);
    } finally {
      await sink.close();
    }
  }, 90_000);

  it("cancelling mid-way skips the rest (cancelled); nothing more is sent; it cannot be resumed", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink, { rateLimitPerMinute: 3 });
      const { listId } = await audience(org.org.id, 12);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "robot@sender.test" } });
      const auth = { cookie: org.cookie };
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      const progressing = await until(
        () => get(auth, c.id),
        (x) => x.counts.sent >= 3,
      );
      expect(progressing.status).toBe("sending");
      const cancelled = await act(auth, c.id, "cancel");
      expect(cancelled.status).toBe(200);
      const counts = cancelled.body.data.counts;
      expect(cancelled.body.data.status).toBe("cancelled");
      expect(counts.pending).toBe(0);
      expect(counts.sent + counts.sending + counts.skipped).toBe(12);
      expect(cancelled.body.data.stats.skippedBy.cancelled).toBe(counts.skipped);
      await runOneBatch(c.id);
      const after = await until(
        () => get(auth, c.id),
        (x) => x.counts.sending === 0,
      );
      expect(after.counts.sent + after.counts.skipped).toBe(12);
      expect(sink.messages).toHaveLength(after.counts.sent);
      for (const action of ["resume", "pause", "send", "cancel"]) expect((await act(auth, c.id, action)).status, action).toBe(409);
    } finally {
      await sink.close();
    }
  }, 60_000);

  it("pauses itself when the month's allowance is used up, with the reason; resumes once there is room", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 3);
    const sink = await newSink();
    try {
      await smtpProvider(org.cookie, sink);
      const { listId, emails } = await audience(org.org.id, 6);
      const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
      const auth = { cookie: org.cookie };
      const c = await draft(auth, { listId, senderId: sender.id });
      expect((await act(auth, c.id, "send")).status).toBe(200);
      const paused = await until(
        () => get(auth, c.id),
        (x) => x.status === "paused",
      );
      expect(paused).toMatchObject({
        status: "paused",
        statusReason: expect.stringContaining("allowance is used up"),
        counts: { sent: 3, pending: 3 },
      });
      const audit = await db().auditLog.findFirstOrThrow({ where: { targetId: c.id, action: "campaign.paused" } });
      expect(audit).toMatchObject({
        actorType: "system",
        metadata: expect.objectContaining({ reason: expect.stringContaining("allowance") }),
      });
      expect((await call(`${path}?status=paused`, auth)).body.data[0].statusReason).toContain("allowance is used up");

      await db().organization.update({ where: { id: org.org.id }, data: { monthlySendAllowance: 100 } });
      expect((await act(auth, c.id, "resume")).status).toBe(200);
      const done = await until(
        () => get(auth, c.id),
        (x) => x.status === "sent",
      );
      expect(done).toMatchObject({ statusReason: null, counts: { sent: 6, pending: 0 } });
      expect(sink.messages.flatMap((m) => m.rcptTo).sort()).toEqual([...emails].sort());
    } finally {
      await sink.close();
    }
  }, 60_000);
});

describe("transient failures", () => {
  it("are retried with backoff (each attempt's failed message unlinked for the next), then fail after 3 attempts", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await smtpProvider(org.cookie, await deadPort());
    const { listId, emails } = await audience(org.org.id, 2);
    const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
    const auth = { cookie: org.cookie };
    const c = await draft(auth, { listId, senderId: sender.id });
    expect((await act(auth, c.id, "send")).status).toBe(200);
    const done = await until(
      () => get(auth, c.id),
      (x) => x.status === "sent",
      { timeoutMs: 60_000 },
    );
    expect(done.counts).toMatchObject({ recipients: 2, sent: 0, failed: 2, pending: 0 });
    const rows = await db().campaignSend.findMany({ where: { campaignId: c.id } });
    for (const row of rows) {
      expect(row).toMatchObject({ status: "failed", attempts: 3, error: expect.stringContaining("Every provider failed") });
      // Three attempts, three failed messages: the last one linked to the row, the others unlinked but still naming it.
      const tries = await db().message.findMany({ where: { orgId: org.org.id, metadata: { path: ["campaign_send_id"], equals: row.id } } });
      expect(tries).toHaveLength(3);
      expect(tries.every((m) => m.status === "failed")).toBe(true);
      expect(tries.filter((m) => m.campaignSendId === row.id).map((m) => m.id)).toEqual([row.messageId]);
    }
    expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
  }, 90_000);
});

describe("scheduled campaigns", () => {
  let org: Org;
  let sink: SmtpSink;
  beforeAll(async () => {
    org = await newOrg();
    await productionMode(org.org.id);
    sink = await newSink();
    await smtpProvider(org.cookie, sink);
  });
  afterAll(() => sink?.close());

  const startJob = (id: string, at: string) =>
    until(
      () => db().job.findUnique({ where: { dedupeKey: `campaign-start:${id}:${at}` } }),
      (j) => j?.status === "done",
    );

  it("starts at its time with a template pinned at its version; a contact missing a required variable fails alone", async () => {
    const auth = { cookie: org.cookie };
    const t = await call("/api/v1/templates", {
      cookie: org.cookie,
      body: {
        name: `Welcome ${tag()}`,
        subject: "Welcome {{name}}",
        html: "<p>From {{company}}</p>",
        variables: [{ name: "company", required: true }],
      },
    });
    const { listId, emails } = await audience(org.org.id, 3, { noCompany: [2] });
    const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "bea@sender.test" } });
    const c = await draft(auth, { listId, senderId: sender.id, subject: undefined, html: undefined, templateId: t.body.data.id });
    const at = new Date(Date.now() + 1_500).toISOString();
    expect((await act(auth, c.id, "schedule", { scheduledAt: at })).status).toBe(200);
    const done = await until(
      () => get(auth, c.id),
      (x) => x.status === "sent",
    );
    expect(done).toMatchObject({ status: "sent", templateVersion: 1, counts: { recipients: 3, sent: 2, failed: 1 } });
    const sends = await allSends(auth, c.id);
    expect(sends.find((s) => s.email === emails[2])).toMatchObject({ status: "failed", reason: expect.stringContaining("company") });
    const mine = sink.messages.filter((m) => emails.includes(m.rcptTo[0]));
    expect(mine).toHaveLength(2);
    const subjects = await Promise.all(mine.map(async (m) => (await simpleParser(m.raw)).subject));
    expect(subjects.sort()).toEqual(["Welcome Contact 0", "Welcome Contact 1"]);
    const started = await db().auditLog.findFirstOrThrow({ where: { targetId: c.id, action: "campaign.started" } });
    expect(started).toMatchObject({ actorType: "system", metadata: expect.objectContaining({ recipients: 3, scheduledAt: at }) });
  }, 60_000);

  it("a rescheduled campaign's stale start does nothing", async () => {
    const auth = { cookie: org.cookie };
    const { listId } = await audience(org.org.id, 2);
    const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "bea@sender.test" } });
    const c = await draft(auth, { listId, senderId: sender.id });
    const soon = new Date(Date.now() + 1_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await act(auth, c.id, "schedule", { scheduledAt: soon })).status).toBe(200);
    expect((await act(auth, c.id, "schedule", { scheduledAt: later })).status).toBe(200);
    expect((await startJob(c.id, soon))?.status).toBe("done");
    expect(await get(auth, c.id)).toMatchObject({ status: "scheduled", scheduledAt: later, counts: { recipients: 0 } });
    expect((await act(auth, c.id, "cancel")).status).toBe(200);
  }, 30_000);

  it("a start it is not ready for puts it back to draft, with the reason", async () => {
    const auth = { cookie: org.cookie };
    const { listId } = await audience(org.org.id, 2);
    const sender = await senderOf(org.org.id, `late-${tag()}@late.test`);
    const c = await draft(auth, { listId, senderId: sender.id });
    const soon = new Date(Date.now() + 1_000).toISOString();
    expect((await act(auth, c.id, "schedule", { scheduledAt: soon })).status).toBe(200);
    await db().sender.update({ where: { id: sender.id }, data: { confirmedAt: null } });
    expect((await startJob(c.id, soon))?.status).toBe("done");
    const back = await get(auth, c.id);
    expect(back).toMatchObject({ status: "draft", statusReason: expect.stringContaining("not verified"), counts: { recipients: 0 } });
    // Any change clears the reason.
    expect((await call(`${path}/${c.id}`, { method: "PATCH", ...auth, body: { name: "Fixed" } })).body.data.statusReason).toBeNull();
  }, 30_000);
});
