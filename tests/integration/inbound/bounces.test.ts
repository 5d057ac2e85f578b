// Bounces and complaints for mail sent through an SMTP relay (BOUNCE_DOMAIN): an app server with
// its inbound SMTP listener, an smtp provider on a relay that accepts each message and then, as a
// real MTA does, delivers an RFC 3464 DSN over SMTP to the return path it received; reports in
// the forms of Gmail, Outlook, Yahoo, qmail and Hotmail, and a feedback-loop report, sent to the
// listener as those providers send them. What comes out is checked where the product shows it:
// signed webhooks at a receiver, the suppression list and analytics through the v1 API, the
// events and the inbound inbox in the database.
import { connect } from "node:net";
import { converse } from "../../helpers/smtp-conversation";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/http";
import { ownServer, type OwnServer } from "../../helpers/own-server";
import { freePort } from "../../helpers/server";
import { smtpProvider } from "../../helpers/sending";
import { deliverReport, startBouncingRelay, type BouncingRelay } from "../../helpers/bouncing-relay";
import { startReceiver, verifyWithStandardWebhooks, type Receiver } from "../../helpers/webhook-receiver";
import { basicAuthHeaders } from "../../helpers/provider-signing";
import { postmarkInboundJson } from "../../helpers/inbound-post";
import { otherOrgOn } from "../../helpers/system-mail";
import { until } from "../../helpers/until";
import { bounceFixture, type BounceFixture } from "../../fixtures/bounces/fixture";

const BOUNCE_DOMAIN = "bounces.mailroom.test";
const INBOUND_DOMAIN = "in.acme.test";
const RETURN_PATH = new RegExp(`^b-[0-9a-f]{32}-[0-9a-f]{20}@${BOUNCE_DOMAIN.replaceAll(".", "\\.")}$`);

let own: OwnServer;
let relay: BouncingRelay;
let receiver: Receiver;
let smtpPort: number;
let endpointSecret: string;
let n = 0;

const api = (p: string, opts: { method?: string; body?: unknown } = {}) => call(p, { base: own.server.url, key: own.key, ...opts });
const asOwner = (p: string, opts: { body?: unknown } = {}) => call(p, { base: own.server.url, cookie: own.cookie, ...opts });

/** Sends one message through the API (and so through the relay); answers its id and what the relay received. */
async function send(to: string) {
  const subject = `receipt ${++n}`;
  const res = await api("/api/v1/email/send", { body: { from: "ann@sender.test", to, subject, text: "Thanks for your order." } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await until(async () => relay.messages.find((m) => m.rcptTo.includes(to) && m.raw.includes(subject)), Boolean);
  const parsed = await simpleParser(mail!.raw);
  return { id: res.body.data.id as string, returnPath: mail!.mailFrom, messageId: parsed.messageId!, parsed };
}

interface EventRow {
  type: string;
  recipient: string;
  reason: string | null;
  source: string;
  metadata: { bounceKind?: string };
}

const eventsOf = async (messageId: string, type: string) =>
  (
    await own.sql.query<EventRow>(
      `SELECT type, recipient, reason, source, metadata FROM email_events WHERE message_id = $1 AND type = $2 ORDER BY occurred_at`,
      [messageId, type],
    )
  ).rows;

const suppression = async (email: string) => {
  const res = await api(`/api/v1/suppressions/${encodeURIComponent(email)}`);
  return res.status === 200 ? (res.body.data as { email: string; reason: string; messageId: string | null }) : null;
};

const inboundCount = async () => Number((await own.sql.query(`SELECT count(*) FROM inbound_messages`)).rows[0].count);

/** The webhook deliveries of `type` for message `id`, verified as a customer verifies them. */
async function webhooksFor(id: string, type: string, count = 1) {
  const hits = await until(
    async () =>
      receiver.received.filter((r) => r.path === "/events" && JSON.parse(r.body).email_id === id && JSON.parse(r.body).type === type),
    (h) => h.length >= count,
  );
  return hits.map((h) => verifyWithStandardWebhooks(h, endpointSecret) as Record<string, unknown>);
}

function report(name: BounceFixture, sent: { returnPath: string; messageId: string }, recipient: string) {
  return bounceFixture(name, { returnPath: sent.returnPath, recipient, messageId: sent.messageId });
}

beforeAll(async () => {
  relay = await startBouncingRelay();
  receiver = await startReceiver();
  smtpPort = await freePort();
  relay.reportTo.port = smtpPort;
  own = await ownServer({
    env: { INBOUND_SMTP_PORT: String(smtpPort), INBOUND_SMTP_HOST: "127.0.0.1", BOUNCE_DOMAIN },
    scopes: ["*"],
  });
  await smtpProvider(own.cookie, relay, {}, own.server.url);
  expect((await asOwner("/api/inbound/domains", { body: { name: INBOUND_DOMAIN } })).status).toBe(201);
  const endpoint = await api("/api/v1/webhook-endpoints", {
    body: { url: receiver.url("/events"), events: ["email.bounced", "email.deferred", "email.complained"] },
  });
  expect(endpoint.status).toBe(201);
  endpointSecret = endpoint.body.data.secret;
});

afterAll(async () => {
  await own?.close();
  await relay?.close();
  await receiver?.close();
});

describe("a relay's delivery status notifications", () => {
  it("a hard bounce: the return path names the message, the DSN comes back to it, and the address is suppressed once", async () => {
    const sent = await send("gone@example.org");
    // The envelope sender is the message's own signed return path; the From header is unchanged.
    expect(sent.returnPath).toMatch(RETURN_PATH);
    expect(sent.parsed.from?.value[0].address).toBe("ann@sender.test");
    relay.outcomes.set("gone@example.org", {
      action: "failed",
      status: "5.1.1",
      diagnostic: "550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown",
    });
    // The relay bounces only what it receives after being told: send again.
    const bounced = await send("gone@example.org");
    const [payload] = await webhooksFor(bounced.id, "email.bounced");
    expect(payload).toMatchObject({
      type: "email.bounced",
      email_id: bounced.id,
      recipient: "gone@example.org",
      reason: "5.1.1 550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown",
    });
    expect(await eventsOf(bounced.id, "email.bounced")).toEqual([
      expect.objectContaining({ recipient: "gone@example.org", source: "provider", metadata: { bounceKind: "hard" } }),
    ]);
    expect(await suppression("gone@example.org")).toMatchObject({ reason: "bounce", messageId: bounced.id });
    const summary = await api("/api/v1/analytics/summary");
    expect(summary.body.data.totalBounced).toBe(1);
    // A report is never inbound mail.
    expect(await inboundCount()).toBe(0);

    // The same DSN delivered again (an MTA retrying after a lost reply) publishes nothing new.
    const dsn = relay.reports.find((r) => r.to === bounced.returnPath)!;
    await deliverReport({ port: smtpPort, to: [dsn.to], raw: dsn.raw });
    expect(await eventsOf(bounced.id, "email.bounced")).toHaveLength(1);
    // Nor does a replay under another Message-ID, or none: a report is keyed by what it says, not what it calls itself.
    const renamed = dsn.raw.toString().replace(/^Message-ID:[^\r\n]*\r?\n/im, "");
    await deliverReport({ port: smtpPort, to: [dsn.to], raw: Buffer.from(renamed) });
    await deliverReport({ port: smtpPort, to: [dsn.to], raw: Buffer.from(`Message-ID: <replay-${n}@evil.test>\r\n${renamed}`) });
    expect(await eventsOf(bounced.id, "email.bounced")).toHaveLength(1);
    expect((await api("/api/v1/analytics/summary")).body.data.totalBounced).toBe(1);
    expect(await inboundCount()).toBe(0);
    // Nothing for the first message, sent before the relay bounced anything.
    expect(await eventsOf(sent.id, "email.bounced")).toEqual([]);
  });

  it("a delayed DSN (4.4.1) is email.deferred and suppresses nothing", async () => {
    relay.outcomes.set("slow@example.org", {
      action: "delayed",
      status: "4.4.1",
      diagnostic: "connect to mx.example.org[192.0.2.9]:25: Connection timed out",
    });
    const sent = await send("slow@example.org");
    const [payload] = await webhooksFor(sent.id, "email.deferred");
    expect(payload).toMatchObject({ type: "email.deferred", recipient: "slow@example.org", reason: expect.stringMatching(/^4\.4\.1 /) });
    expect(await suppression("slow@example.org")).toBeNull();
    expect(await inboundCount()).toBe(0);
  });
});

describe("reports in the forms large mailbox providers send", () => {
  it("a feedback-loop report (ARF) is email.complained and suppresses the address", async () => {
    const sent = await send("reader@example.org");
    await deliverReport({ port: smtpPort, to: [sent.returnPath], raw: report("arf", sent, "reader@example.org") });
    const [payload] = await webhooksFor(sent.id, "email.complained");
    expect(payload).toMatchObject({
      type: "email.complained",
      recipient: "reader@example.org",
      reason: "Feedback-Type: abuse (Yahoo!-Mail-Feedback/2.0)",
    });
    expect(await suppression("reader@example.org")).toMatchObject({ reason: "complaint", messageId: sent.id });
  });

  it.each([
    ["gmail", "nobody@gmail.example", /^5\.1\.1 550-5\.1\.1 The email account that you tried to reach does not exist/],
    ["outlook", "nobody@outlook.example", /^5\.1\.10 550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound/],
    ["yahoo", "nobody@yahoo.example", /^554: delivery error: dd This user doesn't have a yahoo\.com account/],
    ["qmail", "nobody@qmail.example", /Remote host said: 550 5\.1\.1/],
    ["hotmail-text", "nobody@hotmail.example", /552 5\.2\.2 STOREDRV\.Deliver; mailbox full/],
  ] as const)("%s: a hard bounce with the provider's reason, suppressed", async (name, recipient, reason) => {
    const sent = await send(recipient);
    await deliverReport({ port: smtpPort, to: [sent.returnPath], raw: report(name, sent, recipient) });
    const [payload] = await webhooksFor(sent.id, "email.bounced");
    expect(payload).toMatchObject({ type: "email.bounced", recipient, reason: expect.stringMatching(reason) });
    expect(await suppression(recipient)).toMatchObject({ reason: "bounce", messageId: sent.id });
    expect(await inboundCount()).toBe(0);
  });
});

describe("what a stranger cannot do", () => {
  it("a return path with a wrong signature, or any other address at the bounce domain, is refused at RCPT TO", async () => {
    const sent = await send("someone@example.org");
    const local = sent.returnPath.split("@")[0];
    const forged = `${local.slice(0, -1)}${local.endsWith("0") ? "1" : "0"}@${BOUNCE_DOMAIN}`;
    for (const to of [forged, `postmaster@${BOUNCE_DOMAIN}`, `b-${"0".repeat(32)}-${local.slice(-20)}@${BOUNCE_DOMAIN}`]) {
      const err = await deliverReport({
        port: smtpPort,
        to: [to],
        raw: report("postfix-dsn", { ...sent, returnPath: to }, "someone@example.org"),
      }).catch((e: { responseCode?: number }) => e);
      expect((err as { responseCode?: number }).responseCode, to).toBe(550);
    }
    expect(await eventsOf(sent.id, "email.bounced")).toEqual([]);
    expect(await suppression("someone@example.org")).toBeNull();
  });

  it("a genuine return path with a report about an address the message was not sent to suppresses nothing", async () => {
    const sent = await send("kept@example.org");
    await deliverReport({ port: smtpPort, to: [sent.returnPath], raw: report("postfix-dsn", sent, "victim@example.org") });
    await deliverReport({ port: smtpPort, to: [sent.returnPath], raw: report("arf", sent, "victim@example.org") });
    expect(await suppression("victim@example.org")).toBeNull();
    expect(await suppression("kept@example.org")).toBeNull();
    const { rows } = await own.sql.query(`SELECT count(*) FROM email_events WHERE message_id = $1 AND type <> 'email.sent'`, [sent.id]);
    expect(Number(rows[0].count)).toBe(0);
  });

  it("the recipient a return path speaks for cannot inflate a message's counts: one event of each kind, whatever status each report gives", async () => {
    const sent = await send("inflate@example.org");
    for (let i = 1; i <= 3; i++) {
      const variant = (name: BounceFixture, from: RegExp, to: string) =>
        Buffer.from(report(name, sent, "inflate@example.org").toString().replace(from, to));
      await deliverReport({
        port: smtpPort,
        to: [sent.returnPath],
        raw: variant("postfix-delayed", /Status: 4\.4\.1/, `Status: 4.4.${i}`),
      });
      await deliverReport({
        port: smtpPort,
        to: [sent.returnPath],
        raw: variant("arf", /User-Agent: [^\r\n]*/, `User-Agent: FBL 5.7.${i}`),
      });
      await deliverReport({ port: smtpPort, to: [sent.returnPath], raw: variant("postfix-dsn", /Status: 5\.1\.1/, `Status: 5.1.${i}`) });
    }
    const kinds = (
      await own.sql.query<{ type: string; n: number }>(
        `SELECT type, count(*)::int AS n FROM email_events WHERE message_id = $1 AND type <> 'email.sent' GROUP BY type ORDER BY type`,
        [sent.id],
      )
    ).rows;
    expect(kinds).toEqual([
      { type: "email.bounced", n: 1 },
      { type: "email.complained", n: 1 },
      { type: "email.deferred", n: 1 },
    ]);
  });

  it("a client guessing return paths is told to go after ten refused recipients", async () => {
    const guess = (i: number) => `RCPT TO:<b-${"0".repeat(30)}${String(i).padStart(2, "0")}-${"1".repeat(20)}@${BOUNCE_DOMAIN}>`;
    const replies = await converse(connect(smtpPort, "127.0.0.1"), [
      "EHLO guesser.test",
      "MAIL FROM:<>",
      ...Array.from({ length: 11 }, (_, i) => guess(i)),
    ]);
    expect(replies.slice(3, 13).map((r) => r.slice(0, 4))).toEqual(Array(10).fill("550 "));
    expect(replies[13]).toMatch(/^421 4\.7\.0 Too many refused recipients/);
  });

  it("an unreadable report is accepted (250, never answered with a bounce) and changes nothing", async () => {
    const sent = await send("quiet@example.org");
    const before = Number((await own.sql.query(`SELECT count(*) FROM email_events`)).rows[0].count);
    await deliverReport({ port: smtpPort, to: [sent.returnPath], raw: Buffer.from("Subject: hello\r\n\r\nnot a report at all\r\n") });
    expect(Number((await own.sql.query(`SELECT count(*) FROM email_events`)).rows[0].count)).toBe(before);
    expect(await inboundCount()).toBe(0);
  });
});

describe("a message to several recipients", () => {
  it("goes out in one transaction per recipient, each from a return path of its own; a report speaks only for the recipient it came back for", async () => {
    const subject = `team note ${++n}`;
    const [first, second] = [`first-${n}@example.org`, `second-${n}@example.org`];
    relay.outcomes.set(second, { action: "failed", status: "5.1.1", diagnostic: "550 5.1.1 User unknown" });
    const res = await api("/api/v1/email/send", {
      body: { from: "ann@sender.test", to: first, cc: [second], subject, text: "Hello both." },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as string;
    const mails = await until(
      async () => relay.messages.filter((m) => m.raw.includes(subject)),
      (m) => m.length === 2,
    );
    expect(mails.map((m) => m.rcptTo)).toEqual([[first], [second]]);
    const [toFirst, toSecond] = mails.map((m) => m.mailFrom);
    expect(toFirst).toMatch(RETURN_PATH);
    expect(toSecond).toMatch(RETURN_PATH);
    expect(toFirst).not.toBe(toSecond);
    // The relay's DSN for the second recipient, to the second's return path, is recorded.
    await webhooksFor(id, "email.bounced");
    expect(await suppression(second)).toMatchObject({ reason: "bounce", messageId: id });

    // The first recipient, who sees only their own return path, reports the other as bounced and
    // as complaining: neither counts. About themselves, it does.
    relay.outcomes.delete(second);
    const parsed = await simpleParser(mails[0].raw);
    const sent = { returnPath: toFirst, messageId: parsed.messageId! };
    await api(`/api/v1/suppressions/${encodeURIComponent(second)}`, { method: "DELETE" });
    await deliverReport({ port: smtpPort, to: [toFirst], raw: report("postfix-dsn", sent, second) });
    await deliverReport({ port: smtpPort, to: [toFirst], raw: report("arf", sent, second) });
    expect(await suppression(second)).toBeNull();
    expect(await eventsOf(id, "email.complained")).toEqual([]);
    expect((await eventsOf(id, "email.bounced")).map((e) => e.recipient)).toEqual([second]);
    await deliverReport({ port: smtpPort, to: [toFirst], raw: report("arf", sent, first) });
    expect((await eventsOf(id, "email.complained")).map((e) => e.recipient)).toEqual([first]);
    expect(await suppression(first)).toMatchObject({ reason: "complaint", messageId: id });
  });
});

describe("a recipient the relay refuses at RCPT TO", () => {
  it("is a hard bounce of that recipient (suppressed, in our words), a 4xx a soft one; the others are sent", async () => {
    const subject = `refused ${++n}`;
    const [kept, gone, busy] = [`kept-${n}@example.org`, `gone-${n}@example.org`, `busy-${n}@example.org`];
    relay.refuse[gone] = 550;
    relay.refuse[busy] = 451;
    const res = await api("/api/v1/email/send", { body: { from: "ann@sender.test", to: [busy, gone], bcc: [kept], subject, text: "Hi." } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as string;
    const [payload] = await webhooksFor(id, "email.bounced", 2);
    expect(payload).toMatchObject({ type: "email.bounced", email_id: id });
    expect(await eventsOf(id, "email.sent")).toEqual([expect.objectContaining({ recipient: kept })]);
    const bounced = await eventsOf(id, "email.bounced");
    expect(bounced.map((e) => [e.recipient, e.metadata.bounceKind, e.reason]).sort()).toEqual([
      [busy, "soft", "SMTP: the server refused the sender or a recipient (451 to RCPT TO)"],
      [gone, "hard", "SMTP: the server refused the sender or a recipient (550 to RCPT TO)"],
    ]);
    expect(await suppression(gone)).toMatchObject({ reason: "bounce", messageId: id });
    expect(await suppression(busy)).toBeNull();
    expect(relay.messages.filter((m) => m.raw.includes(subject)).map((m) => m.rcptTo)).toEqual([[kept]]);
  });
});

describe("one message to a report address and an ordinary one", () => {
  it("the bounce is a report and the other recipient gets inbound mail of its own", async () => {
    const sent = await send("mixed@example.org");
    await deliverReport({
      port: smtpPort,
      to: [sent.returnPath, `hello@${INBOUND_DOMAIN}`],
      raw: report("postfix-dsn", sent, "mixed@example.org"),
    });
    expect(await suppression("mixed@example.org")).toMatchObject({ reason: "bounce", messageId: sent.id });
    const { rows } = await own.sql.query<{ envelope_to: string[] }>(`SELECT envelope_to FROM inbound_messages`);
    expect(rows).toEqual([{ envelope_to: [`hello@${INBOUND_DOMAIN}`] }]);
  });
});

const postmarkOf = new Map<string, string>();

/** The Postmark provider (its id) of the organization signed in with `cookie`, created the first time. */
async function postmarkProvider(cookie: string): Promise<string> {
  if (!postmarkOf.has(cookie)) {
    const provider = await call("/api/providers", {
      base: own.server.url,
      cookie,
      body: {
        name: `pm ${++n}`,
        type: "postmark",
        config: { serverToken: "t0ken-for-tests", webhookUsername: "pm", webhookPassword: "inbound-password-1" },
      },
    });
    expect(provider.status).toBe(201);
    postmarkOf.set(cookie, provider.body.id);
  }
  return postmarkOf.get(cookie)!;
}

/** Posts an ARF report about `sent` to `recipient` through the Postmark provider of the organization signed in with `cookie`. */
async function postArfThroughProvider(cookie: string, sent: { returnPath: string; messageId: string }, recipient: string) {
  const providerId = await postmarkProvider(cookie);
  const arf = report("arf", sent, recipient).toString();
  const feedback = /Content-Type: message\/feedback-report\r\n\r\n([\s\S]*?)\r\n\r\n/.exec(arf)![1];
  const original = /Content-Disposition: inline\r\n\r\n([\s\S]*?)\r\n------=_Part/.exec(arf)![1];
  const body = postmarkInboundJson({
    from: { email: "feedback@arf.mail.yahoo.com" },
    to: [{ email: `fbl@${BOUNCE_DOMAIN}` }],
    subject: "FW: Your receipt",
    text: "This is an email abuse report.",
    attachments: [
      { Name: "feedback.txt", ContentType: "message/feedback-report", Content: Buffer.from(feedback).toString("base64") },
      { Name: "original.eml", ContentType: "message/rfc822", Content: Buffer.from(original).toString("base64") },
    ],
  });
  const res = await call(`/api/inbound/providers/${providerId}`, {
    base: own.server.url,
    raw: JSON.stringify(body),
    headers: basicAuthHeaders("pm", "inbound-password-1"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("a provider's inbound webhook for the bounce domain", () => {
  it("reads a feedback report sent to another address at the bounce domain by its original's Return-Path, and records no inbound mail", async () => {
    const sent = await send("fbl@example.org");
    const before = await inboundCount();
    await postArfThroughProvider(own.cookie, sent, "fbl@example.org");
    expect(await suppression("fbl@example.org")).toMatchObject({ reason: "complaint", messageId: sent.id });
    expect(await inboundCount()).toBe(before);
  });

  it("a report whose original carries no return path of ours names nobody, whatever Message-ID it quotes", async () => {
    const sent = await send("quoted@example.org");
    await postArfThroughProvider(own.cookie, { ...sent, returnPath: "ann@sender.test" }, "quoted@example.org");
    expect(await suppression("quoted@example.org")).toBeNull();
    expect(await eventsOf(sent.id, "email.complained")).toEqual([]);
  });

  it("names only the posting organization's own messages: another organization's provider cannot report on them", async () => {
    const sent = await send("not-theirs@example.org");
    const other = await otherOrgOn(own);
    await postArfThroughProvider(other.cookie, sent, "not-theirs@example.org");
    expect(await suppression("not-theirs@example.org")).toBeNull();
    expect(await eventsOf(sent.id, "email.complained")).toEqual([]);
  });
});
