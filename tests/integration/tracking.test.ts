// Open and click tracking owned by the product: marketing html gets a signed pixel and signed
// links on APP_URL; fetching them records email.opened / email.clicked (webhooks included);
// forged or altered tokens record nothing and redirect nowhere; machines are flagged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sink: SmtpSink;
let receiver: Receiver;
let key: string;
let org: Awaited<ReturnType<typeof newOrg>>;
beforeAll(async () => {
  sink = await newSink();
  receiver = await startReceiver();
  org = await newOrg();
  await productionMode(org.org.id);
  await smtpProvider(org.cookie, sink);
  key = (await createKey(org.cookie, ["email:send", "webhooks:write", "org:write"])).key;
});
afterAll(async () => {
  await sink.close();
  await receiver.close();
});

const html = `<html><body><p>Hi</p><a href="https://shop.example.test/sale?a=1&amp;b=2">Sale</a> <a href="mailto:help@example.test">Help</a>
<a data-mailroom-track="off" href="https://example.test/private">Private</a></body></html>`;

async function sendAndReceive(body: Record<string, unknown>) {
  const before = sink.messages.length;
  const res = await call("/api/v1/email/send", {
    key,
    body: { to: "reader@example.test", subject: `Tracking ${Date.now()}`, html, ...body },
  });
  expect(res.status).toBe(200);
  for (let i = 0; i < 50 && sink.messages.length === before; i++) await sleep(50);
  const mail = await simpleParser(sink.messages[before].raw);
  return { id: res.body.data.id as string, html: String(mail.html) };
}

const pixelOf = (h: string) => /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(h)?.[1];
const trackedLinks = (h: string) => [...h.matchAll(/href="([^"]+\/t\/c\/[^"]+)"/g)].map((m) => m[1]);
const events = (messageId: string, type: string) =>
  db().emailEvent.findMany({ where: { messageId, type }, orderBy: { occurredAt: "asc" } });

describe("tracking", () => {
  it("tracks a marketing send: the pixel records an open, a link records the click and redirects to the signed URL; webhooks follow", async () => {
    const hook = await call("/api/v1/webhook-endpoints", {
      key,
      body: { url: receiver.url("/tracking"), events: ["email.opened", "email.clicked"] },
    });
    expect(hook.status).toBe(201);
    const { id, html: sent } = await sendAndReceive({ emailType: "marketing" });
    const pixel = pixelOf(sent)!;
    expect(pixel).toBeTruthy();
    const links = trackedLinks(sent);
    expect(links).toHaveLength(1); // mailto: and the opted-out link are left alone
    expect(sent).toContain('href="mailto:help@example.test"');
    expect(sent).toContain('href="https://example.test/private"');
    await sleep(2_100); // a person, not a gateway scanning on arrival

    const open = await fetch(pixel, { headers: { "user-agent": BROWSER } });
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("image/gif");
    expect((await open.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const click = await fetch(links[0], { headers: { "user-agent": BROWSER }, redirect: "manual" });
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("https://shop.example.test/sale?a=1&b=2");

    const [opened] = await events(id, "email.opened");
    expect(opened).toMatchObject({
      recipient: "reader@example.test",
      source: "tracking",
      metadata: expect.objectContaining({ bot: false }),
    });
    const [clicked] = await events(id, "email.clicked");
    expect(clicked).toMatchObject({ url: "https://shop.example.test/sale?a=1&b=2", metadata: expect.objectContaining({ bot: false }) });
    const hits = (await receiver.waitFor("/tracking", 2)).map((h) => JSON.parse(h.body));
    expect(hits.map((h) => h.type).sort()).toEqual(["email.clicked", "email.opened"]);
    expect(hits.find((h) => h.type === "email.clicked")).toMatchObject({ email_id: id, url: "https://shop.example.test/sale?a=1&b=2" });
  });

  it("tracks links written with entities, non-Latin characters and long malformed markup without breaking them", async () => {
    const { html: sent } = await sendAndReceive({
      emailType: "marketing",
      html: `<p>${"<a ".repeat(20_000)}</p><a href="https://example.test/caf&#xE9;?x=1&#38;y=2">Caf\u00e9</a>`,
    });
    const [link] = trackedLinks(sent);
    const res = await fetch(link, { headers: { "user-agent": BROWSER }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.test/caf%C3%A9?x=1&y=2");
  });

  it("refuses forged and altered tokens: nothing recorded, no redirect", async () => {
    const { id, html: sent } = await sendAndReceive({ emailType: "marketing" });
    const link = trackedLinks(sent)[0];
    const [base, token] = link.split("/t/c/");
    const [payload, mac] = token.split(".");
    const claim = JSON.parse(Buffer.from(payload, "base64url").toString());
    const redirected = Buffer.from(JSON.stringify([claim[0], claim[1], claim[2], "https://evil.example.test/"])).toString("base64url");
    for (const forged of [`${redirected}.${mac}`, `${payload}.${"A".repeat(mac.length)}`, `${payload}x.${mac}`, payload, "garbage"]) {
      const res = await fetch(`${base}/t/c/${forged}`, { redirect: "manual" });
      expect(res.status, forged.slice(0, 20)).toBe(404);
      expect(res.headers.get("location")).toBeNull();
    }
    // A pixel token is not a link token, and the other way round.
    expect((await fetch(`${base}/t/c/${pixelOf(sent)!.split("/t/o/")[1]}`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${base}/t/o/${token}`)).status).toBe(404);
    await sleep(200);
    expect(await db().emailEvent.count({ where: { messageId: id, type: { in: ["email.opened", "email.clicked"] } } })).toBe(0);
  });

  it("flags opens and clicks made by machines (scanners, prefetch, Apple Mail Privacy Protection, fetches right after sending)", async () => {
    // A visitor's repeats count once per wall-clock minute: start where the whole run fits in one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 100);
    const { id, html: sent } = await sendAndReceive({ emailType: "marketing" });
    const pixel = pixelOf(sent)!;
    await fetch(pixel, { headers: { "user-agent": BROWSER } }); // within 2 s of sending
    await sleep(2_100);
    await fetch(pixel, { headers: { "user-agent": "Mozilla/5.0" } });
    await fetch(pixel, { headers: { "user-agent": "Barracuda Sentinel (EE)" } });
    await fetch(pixel, { method: "HEAD", headers: { "user-agent": BROWSER } });
    await fetch(pixel, { headers: { "user-agent": BROWSER, purpose: "prefetch" } });
    await fetch(pixel, { headers: { "user-agent": BROWSER } });
    await fetch(pixel, { headers: { "user-agent": BROWSER } }); // the same visitor again within the minute: not another event
    for (let i = 0; i < 20; i++) await fetch(pixel, { headers: { "user-agent": "Barracuda Sentinel (EE)" } });
    const opens = await events(id, "email.opened");
    expect(opens.map((e) => (e.metadata as { bot: boolean; botReason?: string }).botReason ?? "person")).toEqual([
      "within two seconds of sending",
      "Apple Mail Privacy Protection",
      "automated user agent",
      "HEAD request",
      "prefetch",
      "person",
    ]);
  });

  it("leaves transactional sends alone unless the send asks, and nothing is tracked when the organization turns tracking off", async () => {
    const plain = await sendAndReceive({});
    expect(pixelOf(plain.html)).toBeUndefined();
    expect(trackedLinks(plain.html)).toHaveLength(0);
    const opensOnly = await sendAndReceive({ tracking: { opens: true } });
    expect(pixelOf(opensOnly.html)).toBeTruthy();
    expect(trackedLinks(opensOnly.html)).toHaveLength(0);
    const noClicks = await sendAndReceive({ emailType: "marketing", tracking: { clicks: false } });
    expect(pixelOf(noClicks.html)).toBeTruthy();
    expect(trackedLinks(noClicks.html)).toHaveLength(0);
    const off = await call("/api/v1/organization", { key, method: "PATCH", body: { trackingEnabled: false } });
    expect(off.body.data.trackingEnabled).toBe(false);
    const untracked = await sendAndReceive({ emailType: "marketing", tracking: { opens: true, clicks: true } });
    expect(pixelOf(untracked.html)).toBeUndefined();
    expect(trackedLinks(untracked.html)).toHaveLength(0);
    await call("/api/v1/organization", { key, method: "PATCH", body: { trackingEnabled: true } });
    expect(
      (await call("/api/v1/email/send", { key, body: { to: "r@example.test", subject: "x", html: "x", tracking: { pixels: true } } }))
        .status,
    ).toBe(400);
  });
});
