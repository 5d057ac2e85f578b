// /api/v1/senders: from-addresses in the envelope — add (lower-cased, linked to the
// organization's domain at it), list, get, rename, delete; scopes, session permissions,
// another organization's senders (404), the audit trail. The production rule at send time
// (SENDER_NOT_VERIFIED): an unknown or unconfirmed from-address is refused with nothing sent or
// counted; a confirmed sender, any address at a verified domain and the default address send;
// test mode does not check. And the confirmation flow end to end: the email arrives at the
// system transport's SMTP sink (never the organization's provider), its link's page asks first
// (GET confirms nothing), the button confirms, and the address then sends in production.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, SINK_PASSWORD, SINK_USER, smtpProvider } from "../helpers/sending";
import { linkMailedTo, serverWithSystemMail } from "../helpers/system-mail";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { currentMonth } from "@/lib/email/message-store";
import { signToken } from "@/lib/crypto/signed-token";

const path = "/api/v1/senders";
const hex = () => randomBytes(4).toString("hex");
const address = (prefix = "from") => `${prefix}-${hex()}@personal-${hex()}.test`;
const SCOPES = ["senders:read", "senders:write"];

type Org = Awaited<ReturnType<typeof newOrg>>;

const sendCount = async (orgId: string) =>
  (await db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: currentMonth() } } }))?.count ?? 0;

describe("senders", () => {
  let org: Org;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, SCOPES)).key;
  });

  it("adds with 201 (lower-cased, name optional), reads, renames and deletes, each audited", async () => {
    const email = address("News");
    const res = await call(path, { key, body: { email: `  ${email.toUpperCase()} ` } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      name: "",
      domainId: null,
      domain: null,
      verified: false,
      verification: null,
      confirmedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = res.body.data.id;
    expect((await call(`${path}/${id}`, { key })).body.data).toEqual(res.body.data);
    const renamed = await call(`${path}/${id}`, { key, method: "PATCH", body: { name: "  The News  " } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: "The News", email: email.toLowerCase() });
    const deleted = await call(`${path}/${id}`, { key, method: "DELETE" });
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await call(`${path}/${id}`, { key })).status).toBe(404);
    const audits = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.targetType, a.actorType])).toEqual([
      ["sender.created", "sender", "api_key"],
      ["sender.updated", "sender", "api_key"],
      ["sender.deleted", "sender", "api_key"],
    ]);
    expect(audits[1].metadata).toMatchObject({ name: "The News", previousName: "" });
  });

  it("lists newest first in the paginated envelope", async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, SCOPES)).key;
    const emails = [address("a"), address("b"), address("c")];
    for (const email of emails) expect((await call(path, { key: k, body: { email, name: "x" } })).status).toBe(201);
    const all = await call(path, { key: k });
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(all.body.data.map((s: { email: string }) => s.email)).toEqual([...emails].reverse());
    const page2 = await call(`${path}?page=2&perPage=2`, { key: k });
    expect(page2.body.data.map((s: { email: string }) => s.email)).toEqual([emails[0]]);
  });

  it("answers 409 for an address the organization has; another organization may add it", async () => {
    const email = address();
    expect((await call(path, { key, body: { email } })).status).toBe(201);
    const dup = await call(path, { key, body: { email: email.toUpperCase() } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("CONFLICT");
    const other = await newOrg();
    expect((await call(path, { cookie: other.cookie, body: { email } })).status).toBe(201);
  });

  it("validates the body and ids, changing nothing", async () => {
    const before = await db().sender.count({ where: { orgId: org.org.id } });
    for (const body of [
      {},
      { email: "" },
      { email: "not-an-address" },
      { email: "a@b.test", name: "x\ny" },
      { email: "a@b.test", name: "ceo@bigbank.example" },
      { email: "a@b.test", name: "Bank <help>" },
      { email: "a@b.test", extra: 1 },
      { email: 5 },
    ]) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await db().sender.count({ where: { orgId: org.org.id } })).toBe(before);
    const id = (await call(path, { key, body: { email: address() } })).body.data.id;
    expect((await call(`${path}/${id}`, { key, method: "PATCH", body: {} })).status).toBe(400);
    expect((await call(`${path}/${id}`, { key, method: "PATCH", body: { email: "new@b.test" } })).status).toBe(400);
    const renamed = await call(`${path}/${id}`, { key, method: "PATCH", body: { name: "Support <ceo@bigbank.example>" } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error).toMatch(/body\.name: the display name cannot contain < or >/);
    expect((await call(`${path}/nope`, { key })).status).toBe(400);
  });

  it("needs senders:read to read and senders:write to change or send a confirmation; project-bound keys cannot change them", async () => {
    const id = (await call(path, { key, body: { email: address() } })).body.data.id;
    const readOnly = (await createKey(org.cookie, ["senders:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${id}`, { key: readOnly })).status).toBe(200);
    for (const [p, method, body] of [
      [path, "POST", { email: address() }],
      [`${path}/${id}`, "PATCH", { name: "x" }],
      [`${path}/${id}`, "DELETE"],
      [`${path}/${id}/confirmation`, "POST"],
    ] as const) {
      const res = await call(p, { key: readOnly, method, body });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    expect((await call(path, { key: (await createKey(org.cookie, ["domains:read"])).key })).status).toBe(403);
    const bound = (await createKey(org.cookie, SCOPES, { projectId: org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(path, { key: bound, body: { email: address() } })).status).toBe(403);
  });

  it("maps sessions to senders.view and senders.manage (members and up)", async () => {
    const viewer = await addMemberAs(org.cookie, "viewer");
    const member = await addMemberAs(org.cookie, "member");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    const refused = await call(path, { cookie: viewer.cookie, body: { email: address() } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PERMISSION_DENIED");
    const made = await call(path, { cookie: member.cookie, body: { email: address() } });
    expect(made.status).toBe(201);
    expect(await db().auditLog.findFirstOrThrow({ where: { targetId: made.body.data.id } })).toMatchObject({
      action: "sender.created",
      actorType: "user",
      actorId: member.member.userId,
    });
  });

  it("answers 404 for another organization's sender and changes nothing", async () => {
    const other = await newOrg();
    const theirs = (await call(path, { cookie: other.cookie, body: { email: address(), name: "Theirs" } })).body.data;
    for (const [p, method, body] of [
      [`${path}/${theirs.id}`, "GET"],
      [`${path}/${theirs.id}`, "PATCH", { name: "Mine" }],
      [`${path}/${theirs.id}`, "DELETE"],
      [`${path}/${theirs.id}/confirmation`, "POST"],
    ] as const) {
      const res = await call(p, { key, method, body });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await call(path, { key })).body.data.map((s: { id: string }) => s.id)).not.toContain(theirs.id);
    expect(await db().sender.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ orgId: other.org.id, name: "Theirs" });
    expect(await db().auditLog.count({ where: { targetId: theirs.id } })).toBe(1);
  });

  it("links a sender to the organization's own domain at its address (never another organization's), and shows how it is verified", async () => {
    const domain = `team-${hex()}.example.test`;
    const early = await call(path, { key, body: { email: `early@${domain}` } });
    expect(early.body.data.domainId).toBeNull();
    const d = (await call("/api/v1/domains", { cookie: org.cookie, body: { name: domain } })).body.data;
    const late = await call(path, { key, body: { email: `late@${domain}` } });
    expect(late.body.data).toMatchObject({
      domainId: d.id,
      domain: { id: d.id, name: domain, status: "pending" },
      verified: false,
      verification: null,
    });
    expect((await call(`${path}/${early.body.data.id}`, { key })).body.data.domainId).toBe(d.id);
    await db().domain.update({ where: { id: d.id }, data: { status: "verified" } });
    expect((await call(`${path}/${late.body.data.id}`, { key })).body.data).toMatchObject({ verified: true, verification: "domain" });
    // Verified by its domain: no confirmation email is needed (or sent).
    const confirm = await call(`${path}/${late.body.data.id}/confirmation`, { key, method: "POST" });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error).toMatch(/verified by its domain/);
    // Another organization's sender at the same address does not get this organization's domain.
    const other = await newOrg();
    expect((await call(path, { cookie: other.cookie, body: { email: `late@${domain}` } })).body.data).toMatchObject({
      domainId: null,
      verified: false,
    });
  });
});

describe("the production rule for from-addresses (SENDER_NOT_VERIFIED)", () => {
  let org: Org;
  let key: string;
  let sink: SmtpSink;
  const send = (body: Record<string, unknown>) =>
    call("/api/v1/email/send", { key, body: { to: "rcpt@example.test", subject: `s-${hex()}`, text: "Hello", ...body } });
  const arrived = (subject: string) => sink.messages.filter((m) => m.raw.toString().includes(`Subject: ${subject}`));

  beforeAll(async () => {
    org = await newOrg();
    await productionMode(org.org.id);
    sink = await newSink();
    await smtpProvider(org.cookie, sink);
    key = (await createKey(org.cookie, ["email:send", "senders:write", "senders:read"])).key;
  });

  it("refuses an unknown from-address with 403, sending and counting nothing, audited as refused", async () => {
    const before = await sendCount(org.org.id);
    const messages = await db().message.count({ where: { orgId: org.org.id } });
    const from = address("stranger");
    const res = await send({ from, subject: "Unknown sender" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SENDER_NOT_VERIFIED");
    expect(res.body.error).toContain(from);
    expect(await sendCount(org.org.id)).toBe(before);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(messages);
    expect(arrived("Unknown sender")).toHaveLength(0);
    expect(
      await db().auditLog.findFirst({ where: { orgId: org.org.id, outcome: "refused_sender" }, orderBy: { createdAt: "desc" } }),
    ).toMatchObject({ action: "email.send", metadata: expect.objectContaining({ from }) });
  });

  it("refuses a sender that was added but never confirmed, and an address at a pending domain", async () => {
    const email = address("unconfirmed");
    expect((await call(path, { key, body: { email } })).status).toBe(201);
    expect((await send({ from: email })).body.code).toBe("SENDER_NOT_VERIFIED");
    const domain = `pending-${hex()}.example.test`;
    await call("/api/v1/domains", { cookie: org.cookie, body: { name: domain } });
    expect((await send({ from: `any@${domain}` })).body.code).toBe("SENDER_NOT_VERIFIED");
  });

  it("sends from a confirmed sender (in any case), from any address at a verified domain (DKIM-signed), and from the default address", async () => {
    // productionMode made ann@sender.test a confirmed sender of the organization.
    const confirmed = await send({ from: "Ann <ANN@Sender.test>", subject: "Confirmed sender" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe("sent");
    expect(arrived("Confirmed sender")).toHaveLength(1);

    const domain = `verified-${hex()}.example.test`;
    const d = (await call("/api/v1/domains", { cookie: org.cookie, body: { name: domain } })).body.data;
    await db().domain.update({ where: { id: d.id }, data: { status: "verified", verifiedAt: new Date() } });
    const atDomain = await send({ from: `anyone-${hex()}@${domain}`, subject: "Verified domain" });
    expect(atDomain.status).toBe(200);
    const [mail] = arrived("Verified domain");
    expect(mail.raw.toString()).toMatch(new RegExp(`^DKIM-Signature: [\\s\\S]*d=${domain.replace(/\./g, "\\.")};`, "m"));

    const before = await sendCount(org.org.id);
    const byDefault = await send({ subject: "Default address" });
    expect(byDefault.status).toBe(200);
    expect(arrived("Default address")[0].mailFrom).toMatch(/^mail@/);
    expect(await sendCount(org.org.id)).toBe(before + 1);
  });

  it("matches the from-address exactly in any case: a confirmed sender's subaddress is another address; an internationalized domain counts in its punycode form, which is also signed", async () => {
    // ann@sender.test is confirmed; ann+news@sender.test was not, and sender.test is no verified domain of the organization's.
    const sub = await send({ from: "ann+news@sender.test" });
    expect(sub.status).toBe(403);
    expect(sub.body.code).toBe("SENDER_NOT_VERIFIED");

    const label = hex();
    const d = (await call("/api/v1/domains", { cookie: org.cookie, body: { name: `Bücher-${label}.example.test` } })).body.data;
    expect(d.name).toMatch(/^xn--bcher-/);
    await db().domain.update({ where: { id: d.id }, data: { status: "verified", verifiedAt: new Date() } });
    const subject = `IDN ${hex()}`;
    const res = await send({ from: `Info <INFO@${d.name.toUpperCase()}>`, subject });
    expect(res.status).toBe(200);
    expect(arrived(subject)[0].raw.toString()).toMatch(new RegExp(`^DKIM-Signature: [\\s\\S]*d=${d.name.replace(/[.-]/g, "\\$&")};`, "m"));
    // The Unicode spelling is not an address the send path takes: a 400 naming the field, not a refusal.
    const unicode = await send({ from: `info@bücher-${label}.example.test` });
    expect(unicode.status).toBe(400);
    expect(unicode.body.error).toMatch(/body\.from/);
  });

  it("does not check the from-address in test mode", async () => {
    const testOrg = await newOrg();
    const testSink = await newSink();
    try {
      await smtpProvider(testOrg.cookie, testSink);
      expect(
        (await call("/api/safety/test-lists", { cookie: testOrg.cookie, body: { name: "QA", emails: ["qa@example.test"] } })).status,
      ).toBe(201);
      const res = await call("/api/v1/email/send", {
        cookie: testOrg.cookie,
        body: { from: address("anyone"), to: "qa@example.test", subject: "Test mode", text: "x" },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe("sent");
      expect(testSink.messages).toHaveLength(1);
    } finally {
      await testSink.close();
    }
  });
});

describe("confirming a sender by email", () => {
  // The confirmation goes through the instance's system transport (tests/integration/
  // system-mail.test.ts covers the transport itself): a server whose SYSTEM_SMTP_URL is a sink.
  let own: Awaited<ReturnType<typeof serverWithSystemMail>>;
  let tenantSink: SmtpSink;
  const base = () => own.server.url;
  beforeAll(async () => {
    own = await serverWithSystemMail(["senders:read", "senders:write", "email:send"]);
    tenantSink = await newSink();
    const res = await call("/api/providers", {
      base: base(),
      cookie: own.cookie,
      body: {
        name: "relay",
        type: "smtp",
        config: { host: "127.0.0.1", port: tenantSink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
      },
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await own?.close();
    await tenantSink?.close();
  });
  const toAddress = (email: string) => own.systemSink.messages.filter((m) => m.rcptTo.includes(email));

  it("mails a link whose page asks first; the button confirms; then the address sends in production", async () => {
    const key = own.key;
    const email = address("me");
    const sender = (await call(path, { base: base(), key, body: { email, name: "Me" } })).body.data;
    expect(
      (
        await call("/api/v1/email/send", {
          base: base(),
          key,
          body: { from: email, to: "rcpt@example.test", subject: "Too early", text: "x" },
        })
      ).body.code,
    ).toBe("SENDER_NOT_VERIFIED");

    const sent = await call(`${path}/${sender.id}/confirmation`, { base: base(), key, method: "POST" });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toEqual({ id: sender.id, email, expiresAt: expect.any(String) });
    const hours = (new Date(sent.body.data.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    // At most one a minute.
    const soon = await call(`${path}/${sender.id}/confirmation`, { base: base(), key, method: "POST" });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe("RATE_LIMITED");
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(0);

    const { link, mail } = await linkMailedTo(own.systemSink, email, "senders/confirm");
    expect(toAddress(email)).toHaveLength(1);
    expect(mail.subject).toBe("Confirm your address as a Mailroom sender");
    expect(link.startsWith(new URL("/senders/confirm/", link).href)).toBe(true);
    expect(mail.html).toContain(link);

    // Opening the link (as a scanner would) changes nothing; the page has a Confirm button posting back.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("My organization");
    expect(html).toContain(email);
    expect(html).toMatch(/<form method="post"><button type="submit" name="confirm" value="yes">Confirm<\/button><\/form>/);
    const confirmedAt = async () =>
      (await own.sql.query("SELECT confirmed_at FROM senders WHERE id = $1", [sender.id])).rows[0].confirmed_at;
    expect(await confirmedAt()).toBeNull();
    // A POST without the button's value is not a decision.
    expect((await fetch(link, { method: "POST" })).status).toBe(400);
    expect(await confirmedAt()).toBeNull();
    // An altered token is not valid.
    expect((await fetch(link.slice(0, -2) + (link.endsWith("AA") ? "BB" : "AA"))).status).toBe(404);

    const confirmed = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "confirm=yes",
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Sender confirmed");
    expect((await call(`${path}/${sender.id}`, { base: base(), key })).body.data).toMatchObject({
      verified: true,
      verification: "confirmed",
      confirmedAt: expect.any(String),
    });
    const audit = async (action: string) =>
      (await own.sql.query("SELECT actor_type, actor_id FROM audit_logs WHERE target_id = $1 AND action = $2", [sender.id, action]))
        .rows[0];
    expect(await audit("sender.confirmed")).toMatchObject({ actor_type: "system", actor_id: "sender_confirmation" });
    expect(await audit("sender.confirmation_sent")).toMatchObject({ actor_type: "api_key" });
    // Confirming again changes nothing; asking for another email is refused.
    expect((await fetch(link, { method: "POST", body: new URLSearchParams({ confirm: "yes" }) })).status).toBe(200);
    expect((await call(`${path}/${sender.id}/confirmation`, { base: base(), key, method: "POST" })).status).toBe(409);

    const out = await call("/api/v1/email/send", {
      base: base(),
      key,
      body: { from: `Me <${email}>`, to: "rcpt@example.test", subject: "Now confirmed", text: "x" },
    });
    expect(out.status).toBe(200);
    expect(out.body.data.status).toBe("sent");
    expect(tenantSink.messages.some((m) => m.raw.toString().includes("Subject: Now confirmed"))).toBe(true);
    // The organization's own provider never saw the confirmation.
    expect(tenantSink.messages.some((m) => m.raw.toString().includes("/senders/confirm/"))).toBe(false);
  });

  it("refuses expired tokens and tokens for a deleted sender or another address", async () => {
    const org = await newOrg();
    const email = address("gone");
    const sender = (await call(path, { cookie: org.cookie, body: { email } })).body.data;
    const page = (token: string) => call(`/senders/confirm/${token}`);
    const future = Date.now() + 3_600_000;
    expect((await page(signToken("sender-confirm", [sender.id, email, future]))).status).toBe(200);
    expect((await page(signToken("sender-confirm", [sender.id, email, Date.now() - 1000]))).status).toBe(404);
    expect((await page(signToken("sender-confirm", [sender.id, `other-${email}`, future]))).status).toBe(404);
    expect((await page(signToken("unsubscribe", [sender.id, email, future]))).status).toBe(404);
    const expired = await call(`/senders/confirm/${signToken("sender-confirm", [sender.id, email, Date.now() - 1000])}`, {
      method: "POST",
      raw: "confirm=yes",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(expired.status).toBe(404);
    await call(`${path}/${sender.id}`, { cookie: org.cookie, method: "DELETE" });
    expect((await page(signToken("sender-confirm", [sender.id, email, future]))).status).toBe(404);
    expect(await db().sender.count({ where: { email, confirmedAt: { not: null } } })).toBe(0);
  });

  it("is not subject to the organization's test mode: the operator's transport is not a tenant send", async () => {
    await own.sql.query("UPDATE organizations SET send_mode = 'test'");
    try {
      const sender = (await call(path, { base: base(), key: own.key, body: { email: address("outside") } })).body.data;
      const res = await call(`${path}/${sender.id}/confirmation`, { base: base(), key: own.key, method: "POST" });
      expect(res.status).toBe(201);
      await linkMailedTo(own.systemSink, sender.email, "senders/confirm");
    } finally {
      await own.sql.query("UPDATE organizations SET send_mode = 'production'");
    }
  });

  it("sends one email for requests that arrive at the same moment; the others are 429", async () => {
    const sender = (await call(path, { base: base(), key: own.key, body: { email: address("burst") } })).body.data;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(`${path}/${sender.id}/confirmation`, { base: base(), key: own.key, method: "POST" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    expect(
      answers.filter((a) => a.status === 429).every((a) => a.body.code === "RATE_LIMITED" && Number(a.headers.get("retry-after")) > 0),
    ).toBe(true);
    await linkMailedTo(own.systemSink, sender.email, "senders/confirm");
    expect(toAddress(sender.email)).toHaveLength(1);
    expect(
      (
        await own.sql.query("SELECT count(*)::int AS n FROM audit_logs WHERE target_id = $1 AND action = 'sender.confirmation_sent'", [
          sender.id,
        ])
      ).rows[0].n,
    ).toBe(1);
  });
});
