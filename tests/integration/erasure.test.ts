// Erasure and export of one person's address (/api/v1/privacy/*, DELETE /api/v1/contacts/{id}?erase=true):
// the address put everywhere it can appear through the product's own paths (a contact on a
// list, sends with a tracked open and click, signed webhook deliveries, inbound mail with an
// attachment, a scheduled send, the suppression list, the audit log, a campaign's row, a test
// list), then erased; afterwards no text, JSON or array column of any table of the public
// schema holds it outside the other organization, a send to it is still refused as
// suppressed, and the other organization holding the same address keeps all of it. Export
// answers everything before and nothing after; validation, another organization's contact and
// missing scopes are refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { postmarkInboundProvider, receive } from "../helpers/inbound-post";
import { until } from "../helpers/until";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tag = randomBytes(4).toString("hex");
// Mixed case as a sender might write it; stored and matched lower-cased.
const ADDRESS = `Erin.Doe+${tag}@Example.test`;
const address = ADDRESS.toLowerCase();
// Holds the address inside a longer one: must be left alone.
const LOOKALIKE = `jo${address}`;

type Org = Awaited<ReturnType<typeof newOrg>>;
let sink: SmtpSink;
let receiver: Receiver;
let a: Org;
let b: Org;
let keyA: string;
let keyB: string;
let contactA: string;
let contactB: string;
// The person's old mail: its tracked pixel and link and its unsubscribe link, followed again after the erasure.
let pixelUrl: string;
let clickUrl: string;
let unsubscribeUrl: string;
const ENCODED = encodeURIComponent(ADDRESS);
const INBOUND_DOMAIN = `${tag}.example.test`;

const SCOPES = ["email:send", "contacts:read", "contacts:write", "webhooks:write", "lists:read", "lists:write"];

async function send(key: string, body: Record<string, unknown>) {
  const before = sink.messages.length;
  const res = await call("/api/v1/email/send", { key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await until(
    async () => sink.messages.length,
    (n) => n > before,
  );
  return res.body.data as { id: string };
}

/**
 * Where the address still appears, case-insensitively: every column of every table of the public
 * schema whose values are text, JSON or arrays, leaving out the rows of `exceptOrg` (tables with
 * an org_id) and occurrences of `lookalike` (another address that contains it). One statement:
 * each column's count comes from query_to_xml over a query built with format()'s quoting.
 */
async function tracesOf(email: string, { exceptOrg, lookalike }: { exceptOrg: string; lookalike: string }) {
  const rows = await db().$queryRaw<{ place: string; n: number }[]>`
    WITH cols AS (
      SELECT c.table_name, c.column_name,
        EXISTS (SELECT 1 FROM information_schema.columns o WHERE o.table_schema = 'public' AND o.table_name = c.table_name AND o.column_name = 'org_id') AS has_org
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'))
    SELECT table_name || '.' || column_name AS place,
      (xpath('/row/n/text()', query_to_xml(format(
        'SELECT count(*) AS n FROM %I WHERE replace(lower(%I::text), %L, '''') LIKE %L %s',
        table_name, column_name, lower(${lookalike}::text), '%' || lower(${email}::text) || '%',
        CASE WHEN has_org THEN format('AND org_id IS DISTINCT FROM %L::uuid', ${exceptOrg}::text) ELSE '' END
      ), false, true, '')))[1]::text::int AS n
    FROM cols ORDER BY 1`;
  return rows.filter((r) => r.n > 0).map((r) => `${r.place}: ${r.n}`);
}

beforeAll(async () => {
  sink = await newSink();
  receiver = await startReceiver();
  [a, b] = [await newOrg(), await newOrg()];
  for (const org of [a, b]) {
    await productionMode(org.org.id);
    await smtpProvider(org.cookie, sink);
  }
  keyA = (await createKey(a.cookie, SCOPES)).key;
  keyB = (await createKey(b.cookie, SCOPES)).key;

  // Organization A: the address everywhere it can be.
  const hook = await call("/api/v1/webhook-endpoints", { key: keyA, body: { url: receiver.url("/a"), description: `for ${ADDRESS}` } });
  expect(hook.status).toBe(201);
  const contact = await call("/api/v1/contacts", { key: keyA, body: { email: ADDRESS, name: "Erin Doe" } });
  expect(contact.status).toBe(201);
  contactA = contact.body.data.id;
  expect((await call("/api/v1/contacts", { key: keyA, body: { email: LOOKALIKE, name: "Jo" } })).status).toBe(201);
  const list = await call("/api/v1/lists", { key: keyA, body: { name: `Customers ${tag}`, description: `started by ${ADDRESS}` } });
  expect(list.status).toBe(201);
  expect((await call(`/api/v1/lists/${list.body.data.id}/members`, { key: keyA, body: { contactIds: [contactA] } })).status).toBe(200);

  await send(keyA, {
    to: ADDRESS,
    cc: LOOKALIKE,
    subject: `Your order, ${ADDRESS}`,
    html: `<p>Hello ${ADDRESS}</p>`,
    text: `Hello ${ADDRESS}`,
    metadata: { customer: ADDRESS },
  });
  const marketing = await send(keyA, {
    to: ADDRESS,
    subject: "News",
    emailType: "marketing",
    // Links that carry the address (as marketing links do), plainly and URL-encoded.
    html: `<p>Hi</p><a href="https://shop.example.test/sale?e=${ADDRESS}">Sale</a><a href="https://shop.example.test/account?email=${ENCODED}">Account</a>`,
  });
  const trackedMail = await simpleParser(sink.messages.at(-1)!.raw);
  const tracked = String(trackedMail.html);
  pixelUrl = /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(tracked)![1];
  const [first, second] = [...tracked.matchAll(/href="([^"]+\/t\/c\/[^"]+)"/g)].map((m) => m[1]);
  clickUrl = first;
  const unfolded = sink.messages
    .at(-1)!
    .raw.toString()
    .replace(/\r?\n[ \t]+/g, " ");
  unsubscribeUrl = /^List-Unsubscribe: .*?<(https?:[^>]+\/u\/[^>]+)>/im.exec(unfolded)?.[1] ?? "";
  expect(pixelUrl && clickUrl && second && unsubscribeUrl).toBeTruthy();
  await sleep(2_100); // a person reads it, not a gateway scanning on arrival
  expect((await fetch(pixelUrl!, { headers: { "user-agent": BROWSER } })).status).toBe(200);
  expect((await fetch(clickUrl, { headers: { "user-agent": BROWSER }, redirect: "manual" })).status).toBe(302);
  expect((await fetch(second, { headers: { "user-agent": BROWSER }, redirect: "manual" })).status).toBe(302);
  await until(
    () => db().emailEvent.count({ where: { messageId: marketing.id, type: { in: ["email.opened", "email.clicked"] } } }),
    (n) => n === 3,
  );

  const scheduled = await call("/api/v1/email/send", {
    key: keyA,
    body: { to: ADDRESS, subject: "Later", text: "x", scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(scheduled.status).toBe(200);

  // An inbound domain of A's: its addresses are the organization's own.
  expect((await call("/api/inbound/domains", { cookie: a.cookie, body: { name: INBOUND_DOMAIN } })).status).toBe(201);
  const inbound = await postmarkInboundProvider(a.cookie);
  await receive(inbound, {
    from: { email: ADDRESS, name: "Erin Doe" },
    to: [{ email: `support@${INBOUND_DOMAIN}` }],
    subject: `Question from ${ADDRESS}`,
    text: `Please write to ${ADDRESS}`,
    attachments: [{ Name: "note.txt", Content: Buffer.from(`from ${ADDRESS}`).toString("base64"), ContentType: "text/plain" }],
  });

  const campaign = await db().campaign.create({ data: { orgId: a.org.id, name: `Spring ${tag}`, status: "sent" } });
  await db().campaignSend.create({
    data: { campaignId: campaign.id, orgId: a.org.id, contactId: contactA, email: address, status: "pending" },
  });
  await db().testList.create({ data: { orgId: a.org.id, name: `Testers ${tag}`, emails: [address, "keep@example.test"] } });

  // Suppressed last (a send to it is refused from here on).
  expect((await call("/api/v1/suppressions", { key: keyA, body: { email: ADDRESS } })).status).toBe(201);
  // Every webhook delivery made, and delivered.
  await until(
    () => db().webhookDelivery.count({ where: { orgId: a.org.id, status: { not: "succeeded" } } }),
    (n) => n === 0,
  );

  // Organization B: the same address, its own.
  const other = await call("/api/v1/contacts", { key: keyB, body: { email: ADDRESS, name: "Erin at B" } });
  expect(other.status).toBe(201);
  contactB = other.body.data.id;
  await send(keyB, { to: ADDRESS, subject: `B for ${ADDRESS}`, text: `Hello ${ADDRESS}` });
  expect((await call("/api/v1/suppressions", { key: keyB, body: { email: ADDRESS } })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await sink?.close();
  await receiver?.close();
});

describe("erasure", () => {
  it("refuses bad input in the documented shape, another organization's contact (404) and keys without the scope (403), changing nothing", async () => {
    for (const [body, message] of [
      [{}, /body\.email: email is required/],
      [{ email: "not an address" }, /body\.email: not a valid email address/],
      [{ email: ADDRESS, extra: 1 }, /body/],
    ] as const) {
      const res = await call("/api/v1/privacy/erasure", { key: keyA, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({
        error: expect.stringMatching(message),
        code: "VALIDATION_ERROR",
        requestId: expect.stringMatching(/^req_/),
      });
    }
    const badQuery = await call(`/api/v1/contacts/${contactA}?erase=yes`, { key: keyA, method: "DELETE" });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.code).toBe("VALIDATION_ERROR");
    expect(badQuery.body.error).toMatch(/query\.erase/);
    for (const query of ["", "?email=nope", `?email=${encodeURIComponent(ADDRESS)}&more=1`]) {
      const res = await call(`/api/v1/privacy/export${query}`, { key: keyA });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }

    const foreign = await call(`/api/v1/contacts/${contactB}?erase=true`, { key: keyA, method: "DELETE" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");

    const readOnly = (await createKey(a.cookie, ["contacts:read"])).key;
    const refused = await call("/api/v1/privacy/erasure", { key: readOnly, body: { email: ADDRESS } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SCOPE_DENIED");
    expect((await call(`/api/v1/contacts/${contactA}?erase=true`, { key: readOnly, method: "DELETE" })).status).toBe(403);
    const sendOnly = (await createKey(a.cookie, ["email:send"])).key;
    expect((await call(`/api/v1/privacy/export?email=${encodeURIComponent(ADDRESS)}`, { key: sendOnly })).status).toBe(403);
    // Export holds the person's mail: it needs what erasure needs.
    expect((await call(`/api/v1/privacy/export?email=${encodeURIComponent(ADDRESS)}`, { key: readOnly })).status).toBe(403);

    // The organization's own addresses (a sender, an address at its inbound domain) are no person's: refused both ways.
    for (const own of ["ann@sender.test", `support@${INBOUND_DOMAIN}`]) {
      const erase = await call("/api/v1/privacy/erasure", { key: keyA, body: { email: own } });
      expect(erase.status, own).toBe(400);
      expect(erase.body).toMatchObject({
        code: "VALIDATION_ERROR",
        error: expect.stringMatching(/body\.email: .* not a person's address/),
      });
      const exported = await call(`/api/v1/privacy/export?email=${encodeURIComponent(own)}`, { key: keyA });
      expect(exported.status, own).toBe(400);
      expect(exported.body.error).toMatch(/query\.email: .* not a person's address/);
    }
    expect(await db().inboundMessage.count({ where: { orgId: a.org.id } })).toBe(1);
    expect(await db().message.count({ where: { orgId: a.org.id, subject: "(erased)" } })).toBe(0);

    // Nothing changed: both contacts are there, the suppression still names the address.
    expect(await db().contact.count({ where: { id: { in: [contactA, contactB] } } })).toBe(2);
    expect(await db().suppression.count({ where: { orgId: a.org.id, email: address } })).toBe(1);
  });

  it("exports everything held about the address before, erases every trace of it, keeps it suppressed, and exports nothing after", async () => {
    const exportUrl = `/api/v1/privacy/export?email=${encodeURIComponent(ADDRESS)}`;
    const before = await call(exportUrl, { key: keyA });
    expect(before.status).toBe(200);
    const held = before.body.data;
    expect(held.email).toBe(address);
    expect(held.contact).toMatchObject({ id: contactA, email: address, name: "Erin Doe", lists: [{ name: `Customers ${tag}` }] });
    expect(held.suppression).toMatchObject({ email: address, reason: "manual" });
    expect(held.messages).toHaveLength(2);
    expect(held.messages.map((m: { subject: string }) => m.subject).sort()).toEqual(["News", `Your order, ${ADDRESS}`].sort());
    expect(held.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(["email.sent", "email.opened", "email.clicked"]),
    );
    expect(held.inboundMessages).toHaveLength(1);
    expect(held.inboundMessages[0]).toMatchObject({ from: address, fromName: "Erin Doe", attachments: [{ filename: "note.txt" }] });
    expect(held.campaignSends).toEqual([expect.objectContaining({ campaignName: `Spring ${tag}`, status: "pending" })]);
    expect(held.truncated).toBe(false);
    expect((await tracesOf(address, { exceptOrg: b.org.id, lookalike: LOOKALIKE })).length).toBeGreaterThan(10);

    const res = await call(`/api/v1/contacts/${contactA}?erase=true`, { key: keyA, method: "DELETE" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { erasure } = res.body.data;
    expect(res.body.data).toMatchObject({ id: contactA, deleted: true });
    expect(erasure.suppressionKept).toBe(true);
    expect(erasure.placeholder).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
    expect(erasure.erased).toMatchObject({
      contacts: 1,
      listMemberships: 1,
      scheduledEmails: 1,
      campaignSends: 1,
      messages: 2,
      inboundMessages: 1,
      testLists: 1,
    });
    expect(erasure.erased.other, "the list's description and the endpoint's").toBeGreaterThanOrEqual(2);
    for (const kind of ["events", "engagements", "webhookDeliveries", "auditEntries"])
      expect(erasure.erased[kind], kind).toBeGreaterThan(0);

    // The person's old mail followed again: the link still goes where it went, but nothing that
    // would name the person again is recorded (no event, no plain suppression).
    const eventsBefore = await db().emailEvent.count({ where: { orgId: a.org.id } });
    expect((await fetch(pixelUrl, { headers: { "user-agent": BROWSER } })).status).toBe(200);
    expect((await fetch(clickUrl, { headers: { "user-agent": BROWSER }, redirect: "manual" })).headers.get("location")).toBe(
      `https://shop.example.test/sale?e=${ADDRESS}`,
    );
    const unsubscribed = await fetch(unsubscribeUrl, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(unsubscribed.status).toBeLessThan(300);
    expect(await db().emailEvent.count({ where: { orgId: a.org.id } })).toBe(eventsBefore);

    // Every text, JSON and array column of every table: the address is nowhere outside organization B, plainly or URL-encoded.
    expect(await tracesOf(address, { exceptOrg: b.org.id, lookalike: LOOKALIKE })).toEqual([]);
    expect(await tracesOf(ENCODED.toLowerCase(), { exceptOrg: b.org.id, lookalike: `jo${ENCODED.toLowerCase()}` })).toEqual([]);
    // Tracking events of the person keep no dedupe key made from the address.
    expect(
      await db().emailEvent.count({
        where: { orgId: a.org.id, recipient: erasure.placeholder, NOT: { dedupeKey: { startsWith: "erased:" } } },
      }),
    ).toBe(0);

    // What remains keeps the counts under the placeholder.
    const events = await db().emailEvent.findMany({ where: { orgId: a.org.id, type: { in: ["email.opened", "email.clicked"] } } });
    expect(events.map((e) => e.recipient)).toEqual([erasure.placeholder, erasure.placeholder, erasure.placeholder]);
    const messages = await db().message.findMany({ where: { orgId: a.org.id } });
    for (const m of messages.filter((m) => m.to.includes(erasure.placeholder)))
      expect(m).toMatchObject({ subject: "(erased)", html: null, text: null, headers: [] });
    expect(await db().inboundMessage.count({ where: { orgId: a.org.id } })).toBe(0);
    expect(await db().inboundAttachment.count({ where: { message: { orgId: a.org.id } } })).toBe(0);
    expect(await db().scheduledEmail.findFirst({ where: { orgId: a.org.id } })).toMatchObject({ status: "cancelled" });
    expect(await db().campaignSend.findFirst({ where: { orgId: a.org.id } })).toMatchObject({
      email: erasure.placeholder,
      status: "skipped",
      contactId: null,
    });
    expect((await db().testList.findFirst({ where: { orgId: a.org.id } }))?.emails).toEqual(["keep@example.test"]);
    // The lookalike address is another person's: untouched.
    expect(await db().contact.count({ where: { orgId: a.org.id, email: LOOKALIKE } })).toBe(1);
    expect(messages.some((m) => m.cc.includes(LOOKALIKE))).toBe(true);

    // The erasure is audited with its counts, never the address.
    const audit = await db().auditLog.findFirst({ where: { orgId: a.org.id, action: "privacy.erased" } });
    expect(audit).toMatchObject({ targetType: "contact", targetId: contactA, actorType: "api_key" });
    expect(audit?.metadata).toMatchObject({ erased: erasure.erased, suppressionKept: true });

    // Suppressed still: the list shows the entry without an address, and a send is refused.
    const list = await call("/api/v1/suppressions", { key: keyA });
    expect(list.body.data).toEqual([expect.objectContaining({ email: null, reason: "manual" })]);
    expect((await call(`/api/v1/suppressions/${encodeURIComponent(ADDRESS)}`, { key: keyA })).body.data).toMatchObject({ email: null });
    const again = await call("/api/v1/email/send", { key: keyA, body: { to: ADDRESS.toUpperCase(), subject: "Back?", text: "x" } });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("RECIPIENT_SUPPRESSED");
    // Adding it again by hand is answered with the kept entry: the address is not written back.
    const readd = await call("/api/v1/suppressions", { key: keyA, body: { email: ADDRESS } });
    expect(readd.status).toBe(200);
    expect(readd.body.data.email).toBeNull();
    expect(await db().suppression.count({ where: { orgId: a.org.id } })).toBe(1);

    const after = await call(exportUrl, { key: keyA });
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({
      contact: null,
      suppression: { email: null },
      messages: [],
      events: [],
      inboundMessages: [],
      campaignSends: [],
      sequenceEnrolments: [],
      truncated: false,
    });

    // Organization B keeps all of its own.
    const kept = await call(exportUrl, { key: keyB });
    expect(kept.body.data).toMatchObject({ contact: { id: contactB, email: address }, suppression: { email: address } });
    expect(kept.body.data.messages).toHaveLength(1);
    expect(kept.body.data.messages[0].text).toBe(`Hello ${ADDRESS}`);
    expect(kept.body.data.events.length).toBeGreaterThan(0);

    // The refused send named the address again, and its audit entry records the refusal like any
    // other. Running the erasure again (by address) is safe: it finds only that entry.
    expect(await tracesOf(address, { exceptOrg: b.org.id, lookalike: LOOKALIKE })).toEqual([
      expect.stringMatching(/^audit_logs\.metadata: 1$/),
    ]);
    const rerun = await call("/api/v1/privacy/erasure", { key: keyA, body: { email: ADDRESS } });
    expect(rerun.status).toBe(200);
    expect(rerun.body.data.suppressionKept).toBe(true);
    expect(rerun.body.data.placeholder).toBe(erasure.placeholder);
    expect(Object.entries(rerun.body.data.erased).filter(([, n]) => n !== 0)).toEqual([["auditEntries", 1]]);
    expect(await tracesOf(address, { exceptOrg: b.org.id, lookalike: LOOKALIKE })).toEqual([]);
    expect(await db().auditLog.findFirst({ where: { orgId: a.org.id, action: "privacy.erased", targetType: "address" } })).toMatchObject({
      targetId: erasure.placeholder,
    });
  });

  it("reaches rows that belong to the organization's rows, merges hourly counts, keeps unique names unique, and refuses project keys and the instance's own addresses", async () => {
    const other = `Sam.Roe+${tag}@Example.test`;
    const lower = other.toLowerCase();
    const key = (await createKey(a.cookie, ["contacts:write", "templates:write", "lists:write"])).key;
    // An erasure of an address held nowhere yet answers its placeholder and changes nothing.
    const first = await call("/api/v1/privacy/erasure", { key, body: { email: other } });
    expect(first.status).toBe(200);
    expect(Object.values(first.body.data.erased).every((n) => n === 0)).toBe(true);
    const ph = first.body.data.placeholder as string;

    // A template's content lives in its versions, rows of no organization of their own.
    const template = await call("/api/v1/templates", {
      key,
      body: { name: `welcome ${tag}`, subject: "Welcome", html: `<p>Questions? Ask ${other}</p>` },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    // Two lists whose names the placeholder would make equal.
    for (const name of [`${other} VIPs`, `${ph} VIPs`]) expect((await call("/api/v1/lists", { key, body: { name } })).status).toBe(201);
    // Hourly counts of one hour: one under the address's reason, one already under the placeholder's.
    const hour = new Date(Date.UTC(2026, 0, 5, 10));
    const rollup = (reason: string, count: number) =>
      db().$executeRaw`INSERT INTO event_rollups (org_id, hour, project_id, provider, type, reason, count)
        VALUES (${a.org.id}::uuid, ${hour}, '00000000-0000-0000-0000-000000000000'::uuid, 'relay', 'email.bounced', ${reason}, ${count})`;
    await rollup(`5.1.1 <${lower}>: unknown`, 2);
    await rollup(`5.1.1 <${ph}>: unknown`, 3);

    const erased = await call("/api/v1/privacy/erasure", { key, body: { email: other.toUpperCase() } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data.placeholder).toBe(ph);
    expect(erased.body.data.erased).toMatchObject({ hourlyCounts: 1, other: expect.any(Number) });
    expect(await tracesOf(lower, { exceptOrg: b.org.id, lookalike: `jo${lower}` })).toEqual([]);

    const reader = (await createKey(a.cookie, ["templates:read"])).key;
    const shown = await call(`/api/v1/templates/${template.body.data.id}`, { key: reader });
    expect(shown.body.data.html).toBe(`<p>Questions? Ask ${ph}</p>`);
    const names = (await db().contactList.findMany({ where: { orgId: a.org.id, name: { contains: ph } }, select: { name: true } }))
      .map((l) => l.name)
      .sort();
    expect(names).toHaveLength(2);
    expect(names).toContain(`${ph} VIPs`);
    expect(names.find((n) => n !== `${ph} VIPs`)).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid \(\d+,\d+\) VIPs$/);
    expect(
      await db()
        .$queryRaw`SELECT reason, count FROM event_rollups WHERE org_id = ${a.org.id}::uuid AND hour = ${hour} AND reason LIKE '%erased%'`,
    ).toEqual([{ reason: `5.1.1 <${ph}>: unknown`, count: 5 }]);

    // The address as the erasure's pattern finds it, in PostgreSQL's own engine: as the first or
    // last element of an array's text, in JSON, URL-encoded in a link; never inside a longer address.
    const re = (await import("@/lib/privacy/erasure-sql")).addressRegex(lower);
    const matches = async (text: string) => (await db().$queryRaw<{ m: boolean }[]>`SELECT ${text}::text ~* ${re}::text AS m`)[0].m;
    for (const text of [
      `{${lower},x@y.test}`,
      `{x@y.test,${other}}`,
      `{"to": "${lower}"}`,
      `https://x.test/u?email=${encodeURIComponent(lower)}&a=1`,
    ]) {
      expect(await matches(text), text).toBe(true);
    }
    for (const text of [`{jo${lower}}`, `${lower}.evil.test`, `${lower}x`]) expect(await matches(text), text).toBe(false);

    // A key bound to one project may neither erase nor export: both are the whole organization's.
    const bound = (await createKey(a.cookie, ["contacts:write"], { projectId: a.project.id })).key;
    for (const res of [
      await call("/api/v1/privacy/erasure", { key: bound, body: { email: other } }),
      await call(`/api/v1/privacy/export?email=${encodeURIComponent(other)}`, { key: bound }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    // The instance's default from-address is nobody's.
    const instance = await call("/api/v1/privacy/erasure", { key, body: { email: "MAIL@mailroom.test" } });
    expect(instance.status).toBe(400);
    expect(instance.body.error).toMatch(/body\.email: mail@mailroom\.test is one of this instance's own addresses/);
  });
});
