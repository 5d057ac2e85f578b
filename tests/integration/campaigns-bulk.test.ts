// The bulk-send control applies to mail started in one call, though each recipient then goes out
// on its own: starting or scheduling a campaign, and enrolling contacts in a sequence, need
// email:send besides the feature's scope, and an audience above require2faThreshold (in
// production) needs a key created with bulk allowed or a fresh second factor. A scheduled
// campaign is checked again when it starts (its list may have grown), and changing one is
// sending, as is changing or resuming a sequence contacts are enrolled in. Creating such a key
// needs a fresh second factor itself. Adding contacts to a list that starts a sequence is such a
// start too. Every refusal changes nothing and sends nothing.
// A recipient whose content renders past the render budget fails with that reason; the others go.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, freshSecondFactor, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import { until } from "../helpers/until";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const tag = () => randomBytes(4).toString("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Org = Awaited<ReturnType<typeof newOrg>>;

/** A list of `n` subscribed contacts, each with the given properties. */
async function list(orgId: string, n: number, properties: (i: number) => Record<string, string> = () => ({})) {
  const t = tag();
  const row = await db().contactList.create({ data: { orgId, name: `List ${t}` } });
  const emails = Array.from({ length: n }, (_, i) => `b${i}-${t}@example.test`);
  await db().contact.createMany({ data: emails.map((email, i) => ({ orgId, email, name: `Reader ${i}`, properties: properties(i) })) });
  const contacts = await db().contact.findMany({ where: { orgId, email: { in: emails } } });
  await db().contactListMember.createMany({ data: contacts.map((c) => ({ listId: row.id, contactId: c.id })) });
  return { listId: row.id, emails, contactIds: contacts.map((c) => c.id) };
}

type Auth = { cookie?: string; key?: string };

async function draft(
  auth: Auth,
  orgId: string,
  listId: string,
  content: Record<string, string> = { subject: "Hi {{name}}", text: "Hello {{name}}" },
) {
  const sender = await db().sender.findFirstOrThrow({ where: { orgId, email: "ann@sender.test" } });
  const res = await call("/api/v1/campaigns", { ...auth, body: { name: `Campaign ${tag()}`, listId, senderId: sender.id, ...content } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

const act = (auth: Auth, id: string, action: string, body?: unknown) =>
  call(`/api/v1/campaigns/${id}/${action}`, { ...auth, method: "POST", ...(body ? { body } : {}) });
const statusOf = async (id: string) => (await db().campaign.findUniqueOrThrow({ where: { id } })).status;
const sendsOf = (campaignId: string) => db().campaignSend.count({ where: { campaignId } });

describe("the bulk-send control on campaigns, sequences and keys", () => {
  let org: Org;
  let sink: SmtpSink;
  beforeAll(async () => {
    org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    sink = await newSink();
    await smtpProvider(org.cookie, sink);
  });
  afterAll(async () => sink?.close());

  it("a campaigns:write key without email:send can neither start nor schedule a campaign, nor resume one", async () => {
    const writer = (await createKey(org.cookie, ["campaigns:read", "campaigns:write"])).key;
    const { listId } = await list(org.org.id, 1);
    const id = await draft({ key: writer }, org.org.id, listId);
    for (const [action, body] of [
      ["send", undefined],
      ["schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }],
    ] as const) {
      const res = await act({ key: writer }, id, action, body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "SCOPE_DENIED", error: expect.stringMatching(/email:send/) });
    }
    expect(await statusOf(id)).toBe("draft");
    expect(await sendsOf(id)).toBe(0);

    // Paused after a start by a key that may send: resuming sends, so it needs email:send too.
    const sender = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    expect((await act({ key: sender }, id, "send")).status).toBe(200);
    const paused = await act({ key: sender }, id, "pause");
    if (paused.status === 200) {
      const resumed = await act({ key: writer }, id, "resume");
      expect(resumed.status).toBe(403);
      expect(resumed.body.code).toBe("SCOPE_DENIED");
      expect(await statusOf(id)).toBe("paused");
    } else {
      // It finished its one recipient before the pause: nothing left to resume.
      expect(paused.status).toBe(409);
    }
  });

  it("a key's campaign above the threshold needs a key created with bulk allowed; the refusal is audited and sends nothing", async () => {
    const plain = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    const big = await list(org.org.id, 3);
    const id = await draft({ key: plain }, org.org.id, big.listId);
    const refused = await act({ key: plain }, id, "send");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "BULK_SEND_REQUIRES_2FA",
      error: "Sends to more than 2 recipients need a key created with bulk sending allowed",
    });
    expect(await statusOf(id)).toBe("draft");
    expect(await sendsOf(id)).toBe(0);
    expect(
      await db().auditLog.count({
        where: { orgId: org.org.id, action: "campaign.started", targetId: id, outcome: "refused_bulk", recipientCount: 3 },
      }),
    ).toBe(1);
    // Scheduling it is starting it later: refused the same way.
    const scheduled = await act({ key: plain }, id, "schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe(403);
    expect(await statusOf(id)).toBe("draft");

    // At the threshold the plain key starts it.
    const small = await list(org.org.id, 2);
    const ok = await draft({ key: plain }, org.org.id, small.listId);
    expect((await act({ key: plain }, ok, "send")).status).toBe(200);

    await freshSecondFactor(org.cookie);
    const bulk = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"], { allowBulk: true })).key;
    expect((await act({ key: bulk }, id, "send")).status).toBe(200);
    expect(await sendsOf(id)).toBe(3);
  });

  it("a scheduled campaign's list swapped for a larger one is checked as scheduling was", async () => {
    const plain = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    const small = await list(org.org.id, 1);
    const large = await list(org.org.id, 5);
    const id = await draft({ key: plain }, org.org.id, small.listId);
    expect((await act({ key: plain }, id, "schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(200);
    const swapped = await call(`/api/v1/campaigns/${id}`, { key: plain, method: "PATCH", body: { listId: large.listId } });
    expect(swapped.status).toBe(403);
    expect(swapped.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).listId).toBe(small.listId);
  });

  it("a scheduled campaign whose list grew past the threshold while it waited goes back to draft at its time, unless whoever scheduled it may send in bulk", async () => {
    const own = await newOrg();
    await productionMode(own.org.id);
    await db().organization.update({ where: { id: own.org.id }, data: { require2faThreshold: 2 } });
    await smtpProvider(own.cookie, sink);
    const plain = (await createKey(own.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    await freshSecondFactor(own.cookie);
    const bulk = (await createKey(own.cookie, ["campaigns:read", "campaigns:write", "email:send"], { allowBulk: true })).key;
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduleGrowAndStart = async (key: string) => {
      const { listId } = await list(own.org.id, 1);
      const id = await draft({ key }, own.org.id, listId);
      expect((await act({ key }, id, "schedule", { scheduledAt: at })).status).toBe(200);
      // Members added while it waits (anyone who may edit lists can), then its time comes.
      const more = await list(own.org.id, 3);
      await db().contactListMember.createMany({ data: more.contactIds.map((contactId) => ({ listId, contactId })) });
      const dedupeKey = `campaign-start:${id}:${at}`;
      await db().job.update({ where: { dedupeKey }, data: { runAt: new Date() } });
      const job = await until(
        () => db().job.findUniqueOrThrow({ where: { dedupeKey } }),
        (j) => j.status === "done" || j.status === "failed",
      );
      expect(job.status).toBe("done");
      return id;
    };

    const refused = await scheduleGrowAndStart(plain);
    const back = await db().campaign.findUniqueOrThrow({ where: { id: refused } });
    expect(back).toMatchObject({
      status: "draft",
      statusReason: expect.stringMatching(
        /list grew to 4 subscribed contacts while it was scheduled, more than this organization's threshold of 2/,
      ),
    });
    expect(await sendsOf(refused)).toBe(0);
    expect(await db().auditLog.count({ where: { targetId: refused, action: "campaign.start_failed" } })).toBe(1);

    const approved = await scheduleGrowAndStart(bulk);
    const started = await until(
      () => statusOf(approved),
      (s) => s === "sent",
    );
    expect(started).toBe("sent");
    expect(await sendsOf(approved)).toBe(4);
  }, 60_000);

  it("changing a scheduled campaign is sending: a key that may only write campaigns cannot rewrite one someone else scheduled", async () => {
    const sender = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    const writer = (await createKey(org.cookie, ["campaigns:read", "campaigns:write"])).key;
    const { listId } = await list(org.org.id, 1);
    const id = await draft({ key: sender }, org.org.id, listId);
    // A draft is the writer's to change.
    expect((await call(`/api/v1/campaigns/${id}`, { key: writer, method: "PATCH", body: { name: "Draft edit" } })).status).toBe(200);
    expect((await act({ key: sender }, id, "schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(200);
    for (const body of [{ subject: "Your account is locked" }, { html: "<a href='https://phish.example'>x</a>" }, { name: "Renamed" }]) {
      const res = await call(`/api/v1/campaigns/${id}`, { key: writer, method: "PATCH", body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body).toMatchObject({ code: "SCOPE_DENIED", error: expect.stringMatching(/email:send/) });
    }
    expect(await db().campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Draft edit",
      subject: "Hi {{name}}",
      status: "scheduled",
    });
    // One that may send changes it, and its approval becomes theirs.
    expect((await call(`/api/v1/campaigns/${id}`, { key: sender, method: "PATCH", body: { subject: "Updated" } })).status).toBe(200);
    expect(await db().campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ subject: "Updated", bulkApproved: false });
  });

  it("from the dashboard, a campaign above the threshold needs a fresh second factor", async () => {
    const other = await newOrg();
    await productionMode(other.org.id);
    await db().organization.update({ where: { id: other.org.id }, data: { require2faThreshold: 2 } });
    const { listId } = await list(other.org.id, 3);
    const id = await draft({ cookie: other.cookie }, other.org.id, listId);
    const refused = await act({ cookie: other.cookie }, id, "send");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "BULK_SEND_REQUIRES_2FA", error: expect.stringMatching(/fresh second factor/) });
    expect(await statusOf(id)).toBe("draft");
    await freshSecondFactor(other.cookie);
    expect((await act({ cookie: other.cookie }, id, "send")).status).toBe(200);
  });

  it("creating a key allowed bulk sending needs a fresh second factor; without one nothing is created", async () => {
    const other = await newOrg();
    const before = await db().apiKey.count({ where: { orgId: other.org.id } });
    const refused = await call("/api/api-keys", { cookie: other.cookie, body: { name: "bulk", scopes: ["email:send"], allowBulk: true } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "BULK_SEND_REQUIRES_2FA", error: expect.stringMatching(/fresh second factor/) });
    expect(await db().apiKey.count({ where: { orgId: other.org.id } })).toBe(before);
    // A key without bulk needs none.
    expect((await call("/api/api-keys", { cookie: other.cookie, body: { name: "plain", scopes: ["email:send"] } })).status).toBe(201);
    await freshSecondFactor(other.cookie);
    const created = await call("/api/api-keys", { cookie: other.cookie, body: { name: "bulk", scopes: ["email:send"], allowBulk: true } });
    expect(created.status).toBe(201);
    expect(created.body.allowBulk).toBe(true);
  });

  it("enrolling contacts in a sequence needs email:send, and above the threshold a key allowed bulk sending", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const tpl = await call("/api/v1/templates", {
      cookie: org.cookie,
      body: { name: `Step ${tag()}`, subject: "Step for {{name}}", text: "Hello {{name}}" },
    });
    expect(tpl.status).toBe(201);
    const seq = await call("/api/v1/sequences", {
      cookie: org.cookie,
      body: { name: `Seq ${tag()}`, steps: [{ templateId: tpl.body.data.id, delaySeconds: 0 }] },
    });
    expect(seq.status, JSON.stringify(seq.body)).toBe(201);
    const path = `/api/v1/sequences/${seq.body.data.id}/enrolments`;
    const { contactIds } = await list(org.org.id, 3);
    const count = () => db().sequenceEnrolment.count({ where: { sequenceId: seq.body.data.id } });

    const writer = (await createKey(org.cookie, ["sequences:read", "sequences:write"])).key;
    const noSend = await call(path, { key: writer, body: { contactIds: contactIds.slice(0, 1) } });
    expect(noSend.status).toBe(403);
    expect(noSend.body.code).toBe("SCOPE_DENIED");

    const plain = (await createKey(org.cookie, ["sequences:read", "sequences:write", "email:send"])).key;
    const over = await call(path, { key: plain, body: { contactIds } });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect(await count()).toBe(0);

    await freshSecondFactor(org.cookie);
    const bulk = (await createKey(org.cookie, ["sequences:read", "sequences:write", "email:send"], { allowBulk: true })).key;
    const enrolled = await call(path, { key: bulk, body: { contactIds } });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(await count()).toBe(3);
  });

  it("changing what enrolled contacts are sent, or resuming, needs email:send and above the threshold bulk approval; a sequence nobody is in is free to change", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const template = async () =>
      (
        await call("/api/v1/templates", {
          cookie: org.cookie,
          body: { name: `Step ${tag()}`, subject: "Step for {{name}}", text: "Hello {{name}}" },
        })
      ).body.data.id as string;
    const [first, second] = [await template(), await template()];
    const create = async () =>
      (
        await call("/api/v1/sequences", {
          cookie: org.cookie,
          body: { name: `Seq ${tag()}`, steps: [{ templateId: first, delaySeconds: 86_400 }] },
        })
      ).body.data.id as string;
    const writer = (await createKey(org.cookie, ["sequences:read", "sequences:write"])).key;
    const plain = (await createKey(org.cookie, ["sequences:read", "sequences:write", "email:send"])).key;
    await freshSecondFactor(org.cookie);
    const bulk = (await createKey(org.cookie, ["sequences:read", "sequences:write", "email:send"], { allowBulk: true })).key;
    const patch = (key: string, id: string, body: unknown) => call(`/api/v1/sequences/${id}`, { key, method: "PATCH", body });
    const stepTemplate = async (id: string) =>
      (await db().sequenceStep.findFirstOrThrow({ where: { sequenceId: id, position: 0 } })).templateId;

    // Nobody enrolled: a draft, the writer's to change.
    const empty = await create();
    expect((await patch(writer, empty, { steps: [{ templateId: second, delaySeconds: 60 }] })).status).toBe(200);

    const id = await create();
    const { contactIds } = await list(org.org.id, 3);
    expect((await call(`/api/v1/sequences/${id}/enrolments`, { key: bulk, body: { contactIds } })).status).toBe(200);
    const rewrite = { steps: [{ templateId: second, delaySeconds: 60 }] };
    const noSend = await patch(writer, id, rewrite);
    expect(noSend.status).toBe(403);
    expect(noSend.body).toMatchObject({ code: "SCOPE_DENIED", error: expect.stringMatching(/email:send/) });
    const over = await patch(plain, id, rewrite);
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect(await stepTemplate(id)).toBe(first);
    // A new name, or a pause, sends nothing new: the writer may.
    expect((await patch(writer, id, { name: `Renamed ${tag()}` })).status).toBe(200);
    expect((await patch(writer, id, { status: "paused" })).status).toBe(200);
    // Resuming sends to those enrolled.
    expect((await patch(writer, id, { status: "active" })).status).toBe(403);
    expect((await db().sequence.findUniqueOrThrow({ where: { id } })).status).toBe("paused");
    expect((await patch(bulk, id, { status: "active", ...rewrite })).status).toBe(200);
    expect(await stepTemplate(id)).toBe(second);
    expect(await db().auditLog.count({ where: { targetId: id, action: "sequence.updated", outcome: "refused_bulk" } })).toBe(1);
  });

  it("new content for a template that waiting mail uses, or a new address for a contact mail waits for, is sending; so is a new step for a sequence a trigger list feeds", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const template = async () =>
      (
        await call("/api/v1/templates", {
          cookie: org.cookie,
          body: { name: `Step ${tag()}`, subject: "Step for {{name}}", text: "Hello {{name}}" },
        })
      ).body.data.id as string;
    const [used, unused, other] = [await template(), await template(), await template()];
    await freshSecondFactor(org.cookie);
    const bulk = (await createKey(org.cookie, ["sequences:read", "sequences:write", "email:send"], { allowBulk: true })).key;
    const seq = await call("/api/v1/sequences", {
      cookie: org.cookie,
      body: { name: `Seq ${tag()}`, steps: [{ templateId: used, delaySeconds: 86_400 }] },
    });
    const { contactIds } = await list(org.org.id, 3);
    expect((await call(`/api/v1/sequences/${seq.body.data.id}/enrolments`, { key: bulk, body: { contactIds } })).status).toBe(200);

    const writer = (await createKey(org.cookie, ["templates:read", "templates:write", "contacts:read", "contacts:write"])).key;
    const sender = (await createKey(org.cookie, ["templates:read", "templates:write", "contacts:read", "contacts:write", "email:send"]))
      .key;
    const rewrite = { subject: "Urgent: verify your account", text: "https://phish.example" };
    const noSend = await call(`/api/v1/templates/${used}`, { key: writer, method: "PATCH", body: rewrite });
    expect(noSend.status).toBe(403);
    expect(noSend.body).toMatchObject({ code: "SCOPE_DENIED", error: expect.stringMatching(/email:send/) });
    const over = await call(`/api/v1/templates/${used}`, { key: sender, method: "PATCH", body: rewrite });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect((await db().template.findUniqueOrThrow({ where: { id: used } })).currentVersion).toBe(1);
    // A new name sends nothing new; a template nothing waits on is the writer's.
    expect((await call(`/api/v1/templates/${used}`, { key: writer, method: "PATCH", body: { name: `Renamed ${tag()}` } })).status).toBe(
      200,
    );
    expect((await call(`/api/v1/templates/${unused}`, { key: writer, method: "PATCH", body: rewrite })).status).toBe(200);

    // An enrolled contact's address is where its next step goes.
    const moved = await call(`/api/v1/contacts/${contactIds[0]}`, {
      key: writer,
      method: "PATCH",
      body: { email: `elsewhere-${tag()}@thirdparty.test` },
    });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe("SCOPE_DENIED");
    expect((await call(`/api/v1/contacts/${contactIds[0]}`, { key: writer, method: "PATCH", body: { name: "Renamed" } })).status).toBe(200);
    expect(
      (await call(`/api/v1/contacts/${contactIds[0]}`, { key: sender, method: "PATCH", body: { email: `moved-${tag()}@example.test` } }))
        .status,
    ).toBe(200);
    const loose = (await list(org.org.id, 1)).contactIds[0];
    expect(
      (await call(`/api/v1/contacts/${loose}`, { key: writer, method: "PATCH", body: { email: `loose-${tag()}@example.test` } })).status,
    ).toBe(200);

    // An active sequence fed by a trigger list sends its steps to whoever joins: nobody enrolled yet, still not a draft.
    const triggerList = (await list(org.org.id, 0)).listId;
    const fed = await call("/api/v1/sequences", {
      cookie: org.cookie,
      body: { name: `Fed ${tag()}`, triggerListId: triggerList, steps: [{ templateId: other, delaySeconds: 60 }] },
    });
    expect(fed.status, JSON.stringify(fed.body)).toBe(201);
    const seqWriter = (await createKey(org.cookie, ["sequences:read", "sequences:write"])).key;
    const fedRewrite = await call(`/api/v1/sequences/${fed.body.data.id}`, {
      key: seqWriter,
      method: "PATCH",
      body: { steps: [{ templateId: unused, delaySeconds: 60 }] },
    });
    expect(fedRewrite.status).toBe(403);
    expect(fedRewrite.body.code).toBe("SCOPE_DENIED");
    expect((await call(`/api/v1/templates/${other}`, { key: writer, method: "PATCH", body: rewrite })).status).toBe(403);
  });

  it("joining the list of a scheduled campaign, subscribing again a contact it will mail, and renaming its sender are sending", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const sender = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
    const { listId, contactIds } = await list(org.org.id, 1);
    const scheduler = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    const id = await draft({ key: scheduler }, org.org.id, listId);
    expect((await act({ key: scheduler }, id, "schedule", { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(
      200,
    );
    const writer = (
      await createKey(org.cookie, ["lists:read", "lists:write", "contacts:read", "contacts:write", "senders:read", "senders:write"])
    ).key;
    const mayAlsoSend = (
      await createKey(org.cookie, [
        "lists:read",
        "lists:write",
        "contacts:read",
        "contacts:write",
        "senders:read",
        "senders:write",
        "email:send",
      ])
    ).key;

    const joined = await call(`/api/v1/lists/${listId}/members`, { key: writer, body: { emails: [`stranger-${tag()}@thirdparty.test`] } });
    expect(joined.status).toBe(403);
    expect(joined.body.code).toBe("SCOPE_DENIED");
    expect(await db().contactListMember.count({ where: { listId } })).toBe(1);
    const stranger = (await list(org.org.id, 1)).emails[0];
    expect((await call(`/api/v1/lists/${listId}/members`, { key: mayAlsoSend, body: { emails: [stranger] } })).status).toBe(200);

    await db().contact.update({ where: { id: contactIds[0] }, data: { subscriptionStatus: "unsubscribed", unsubscribedAt: new Date() } });
    const resubscribed = await call(`/api/v1/contacts/${contactIds[0]}`, {
      key: writer,
      method: "PATCH",
      body: { subscriptionStatus: "subscribed" },
    });
    expect(resubscribed.status).toBe(403);
    expect((await db().contact.findUniqueOrThrow({ where: { id: contactIds[0] } })).subscriptionStatus).toBe("unsubscribed");
    expect(
      (await call(`/api/v1/contacts/${contactIds[0]}`, { key: mayAlsoSend, method: "PATCH", body: { subscriptionStatus: "subscribed" } }))
        .status,
    ).toBe(200);

    const renamed = await call(`/api/v1/senders/${sender.id}`, { key: writer, method: "PATCH", body: { name: "Your Bank Security Team" } });
    expect(renamed.status).toBe(403);
    expect((await db().sender.findUniqueOrThrow({ where: { id: sender.id } })).name).not.toBe("Your Bank Security Team");
    expect((await call(`/api/v1/senders/${sender.id}`, { key: mayAlsoSend, method: "PATCH", body: { name: "Ann at Acme" } })).status).toBe(
      200,
    );
    expect((await act({ key: scheduler }, id, "cancel")).status).toBe(200);
    // Nothing waits on them any more: the writer's again.
    expect((await call(`/api/v1/senders/${sender.id}`, { key: writer, method: "PATCH", body: { name: "Ann" } })).status).toBe(200);
    expect((await call(`/api/v1/lists/${listId}/members`, { key: writer, body: { emails: [stranger] } })).status).toBe(200);
  });

  it("an import subscribes nobody again without email:send; lifting a suppression mail waits for, or renaming the sender of a started campaign, is sending", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const writer = (await createKey(org.cookie, ["contacts:read", "contacts:write", "senders:read", "senders:write"])).key;
    const sender = (await createKey(org.cookie, ["contacts:read", "contacts:write", "senders:read", "senders:write", "email:send"])).key;
    const { listId, emails, contactIds } = await list(org.org.id, 3);
    await db().contact.update({ where: { id: contactIds[0] }, data: { subscriptionStatus: "unsubscribed", unsubscribedAt: new Date() } });
    const csv = (email: string) => ({
      method: "POST",
      raw: `email,subscription_status\n${email},subscribed\n`,
      headers: { "content-type": "text/csv" },
    });
    const status = async () => (await db().contact.findUniqueOrThrow({ where: { id: contactIds[0] } })).subscriptionStatus;
    const fresh = `fresh-${tag()}@example.test`;
    expect((await call("/api/v1/contacts/import", { key: writer, ...csv(emails[0]) })).status).toBe(201);
    expect((await call("/api/v1/contacts/import", { key: writer, ...csv(fresh) })).status).toBe(201);
    expect(await status()).toBe("unsubscribed");
    expect((await db().contact.findFirstOrThrow({ where: { orgId: org.org.id, email: fresh } })).subscriptionStatus).toBe("subscribed");
    expect((await call("/api/v1/contacts/import", { key: sender, ...csv(emails[0]) })).status).toBe(201);
    expect(await status()).toBe("subscribed");

    // A campaign started, then paused, on the list: its pending recipients wait.
    const scheduler = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    const id = await draft({ key: scheduler }, org.org.id, listId);
    await db().suppression.create({ data: { orgId: org.org.id, email: emails[1], reason: "complaint" } });
    await db().campaign.update({ where: { id }, data: { status: "paused" } });
    await db().campaignSend.createMany({
      data: contactIds.map((contactId, i) => ({ campaignId: id, orgId: org.org.id, contactId, email: emails[i], status: "pending" })),
    });
    const lifted = await call(`/api/v1/suppressions/${encodeURIComponent(emails[1])}`, { key: writer, method: "DELETE" });
    expect(lifted.status).toBe(403);
    expect(await db().suppression.count({ where: { orgId: org.org.id, email: emails[1] } })).toBe(1);
    const ann = await db().sender.findFirstOrThrow({ where: { orgId: org.org.id, email: "ann@sender.test" } });
    const renamed = await call(`/api/v1/senders/${ann.id}`, { key: writer, method: "PATCH", body: { name: "Bank Security Dept" } });
    expect(renamed.status).toBe(403);
    expect((await call(`/api/v1/suppressions/${encodeURIComponent(emails[1])}`, { key: sender, method: "DELETE" })).status).toBe(200);
    // A scheduled send to an address that is no contact waits for it too.
    const later = `later-${tag()}@example.test`;
    const mailer = (await createKey(org.cookie, ["email:send"])).key;
    expect(
      (
        await call("/api/v1/email/send", {
          key: mailer,
          body: {
            from: "ann@sender.test",
            to: `Later <${later}>`,
            subject: "Later",
            text: "x",
            scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        })
      ).status,
    ).toBe(200);
    await db().suppression.create({ data: { orgId: org.org.id, email: later, reason: "complaint" } });
    expect((await call(`/api/v1/suppressions/${encodeURIComponent(later)}`, { key: writer, method: "DELETE" })).status).toBe(403);
    expect((await call(`/api/v1/senders/${ann.id}`, { key: sender, method: "PATCH", body: { name: "Ann at Acme" } })).status).toBe(200);
  });

  it("adding contacts to a list that starts a sequence is a bulk start: members and imports need email:send, and above the threshold bulk approval", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const tpl = await call("/api/v1/templates", {
      cookie: org.cookie,
      body: { name: `Step ${tag()}`, subject: "Step for {{name}}", text: "Hello {{name}}" },
    });
    const trigger = await db().contactList.create({ data: { orgId: org.org.id, name: `Trigger ${tag()}` } });
    const seq = await call("/api/v1/sequences", {
      cookie: org.cookie,
      body: { name: `Seq ${tag()}`, triggerListId: trigger.id, steps: [{ templateId: tpl.body.data.id, delaySeconds: 0 }] },
    });
    expect(seq.status, JSON.stringify(seq.body)).toBe(201);
    const members = `/api/v1/lists/${trigger.id}/members`;
    const emails = Array.from({ length: 3 }, (_, i) => `t${i}-${tag()}@example.test`);
    const joined = () => db().contactListMember.count({ where: { listId: trigger.id } });
    const enrolled = () => db().sequenceEnrolment.count({ where: { sequenceId: seq.body.data.id } });
    const importInto = (key: string, rows: string[]) =>
      call(`/api/v1/contacts/import?listId=${trigger.id}`, {
        key,
        method: "POST",
        raw: `email\n${rows.join("\n")}\n`,
        headers: { "content-type": "text/csv" },
      });

    // lists:write alone no longer mails a sequence's audience.
    const lister = (await createKey(org.cookie, ["lists:read", "lists:write", "contacts:write"])).key;
    const noSend = await call(members, { key: lister, body: { emails: emails.slice(0, 1) } });
    expect(noSend.status).toBe(403);
    expect(noSend.body).toMatchObject({ code: "SCOPE_DENIED", error: expect.stringMatching(/email:send/) });
    expect((await importInto(lister, emails.slice(0, 1))).status).toBe(403);

    // With email:send: up to the threshold it goes; above it, a key allowed bulk is needed.
    const sender = (await createKey(org.cookie, ["lists:read", "lists:write", "contacts:write", "email:send"])).key;
    const over = await call(members, { key: sender, body: { emails } });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    // An import's size is unknown until read: into a trigger list it needs bulk approval whatever its size.
    const imported = await importInto(sender, emails.slice(0, 1));
    expect(imported.status).toBe(403);
    expect(imported.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect(await joined()).toBe(0);
    expect(await enrolled()).toBe(0);
    expect(await db().contact.count({ where: { orgId: org.org.id, email: { in: emails } } })).toBe(0);
    expect((await call(members, { key: sender, body: { emails: emails.slice(0, 2) } })).status).toBe(200);
    expect(await enrolled()).toBe(2);

    await freshSecondFactor(org.cookie);
    const bulk = (await createKey(org.cookie, ["lists:read", "lists:write", "contacts:write", "email:send"], { allowBulk: true })).key;
    const done = await importInto(bulk, emails);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(await joined()).toBe(3);
    expect(await enrolled()).toBe(3);
  });

  it("a recipient whose content renders past the budget fails with that reason; the others are sent", { timeout: 60_000 }, async () => {
    const k = (await createKey(org.cookie, ["campaigns:read", "campaigns:write", "email:send"])).key;
    // {{note}} written out 5,000 times: 5,000,000 characters for the reader whose note is 1,000 long.
    const { listId, emails } = await list(org.org.id, 2, (i) => ({ note: i === 0 ? "n".repeat(1_000) : "short" }));
    const id = await draft({ key: k }, org.org.id, listId, { subject: "Notes", text: "{{note}}".repeat(5_000) });
    expect((await act({ key: k }, id, "send")).status).toBe(200);
    const settled = () => db().campaignSend.count({ where: { campaignId: id, status: { in: ["sent", "failed"] } } });
    const deadline = Date.now() + 30_000;
    while ((await settled()) < 2 && Date.now() < deadline) await sleep(100);
    const sends = await db().campaignSend.findMany({ where: { campaignId: id } });
    const bomb = sends.find((s) => s.email === emails[0])!;
    expect(bomb.status).toBe("failed");
    expect(bomb.error).toMatch(/renders past the limit with these variables: it produces more than 500,000 characters/);
    expect(sends.find((s) => s.email === emails[1])!.status).toBe("sent");
  });
});
