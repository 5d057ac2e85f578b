// A domain's tracking host in a real browser, on a server of its own pointed at a real local DNS
// server (chromium maps the made-up names under example.test to 127.0.0.1): an admin sets the
// tracking host on the Domains page and sees its CNAME among the records; once the records are
// published and the domain verified there, a click in its mail goes through the tracking host,
// lands on the target (a tiny local server) and is recorded as email.clicked; the same link on a
// host nobody registered is refused (404, nothing recorded).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { simpleParser } from "mailparser";
import { screenshots, signInThroughForm, suiteBrowser } from "./browser";
import { call } from "../helpers/http";
import type { OwnServer } from "../helpers/own-server";
import { serverOnDns, type ServerOnDns } from "../helpers/server-on-dns";
import type { DnsServer } from "../helpers/dns-server";
import { until } from "../helpers/until";
import type { SmtpSink } from "../helpers/smtp-sink";

const browser = suiteBrowser({ args: ["--host-resolver-rules=MAP *.example.test 127.0.0.1"] });

describe("a tracking host set on the Domains page", () => {
  let world: ServerOnDns;
  let dns: DnsServer;
  let sink: SmtpSink;
  let s: OwnServer;
  let target: http.Server;
  let targetUrl: string;

  beforeAll(async () => {
    target = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/html" }).end(`<h1>Landed on ${req.url}</h1>`));
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/landed?from=mail`;
    world = await serverOnDns({ scopes: ["domains:read", "domains:write", "email:send"] });
    ({ dns, sink, s } = world);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await new Promise((r) => target?.close(r));
  });

  it(
    "shows the CNAME, verifies it, and a click through the tracking host lands on the target, recorded; another host is refused",
    { timeout: 180_000 },
    async () => {
      const base = s.server.url;
      const port = new URL(base).port;
      const name = `e2e-${randomBytes(4).toString("hex")}.example.test`;
      const trackingHost = `track.${name}`;
      const page = await browser.context.newPage();
      await signInThroughForm(page, base, inject("ownerEmail"), inject("ownerPassword"));
      await page.goto(`${base}/domains`);
      await page.getByRole("button", { name: "Add domain" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Domain", { exact: true }).fill(name);
      await dialog.getByRole("button", { name: "Add domain" }).click();
      await dialog.waitFor({ state: "hidden" });

      const card = page.getByTestId("domain-card").filter({ hasText: name });
      const field = card.getByLabel("Tracking host", { exact: true });
      // A host outside the domain: the server's words show under the field, nothing is set.
      await field.fill("track.elsewhere.example.test");
      await card.getByRole("button", { name: /^Save tracking host/ }).click();
      await card.getByText(/must be .* or a name under it/).waitFor();
      await field.fill(trackingHost.toUpperCase());
      await card.getByRole("button", { name: /^Save tracking host/ }).click();
      await page.getByText(`Tracking host of ${name}: ${trackingHost}. Publish its CNAME, then verify.`).waitFor();
      const cname = card.locator('[data-record="tracking"]');
      await cname.waitFor();
      expect(await cname.textContent()).toContain(trackingHost);
      expect(await cname.textContent()).toContain(new URL(base).hostname);
      await card.getByText("Tracking CNAME not found yet").waitFor();

      // The owner publishes every record; Verify now finds them, the tracking CNAME too.
      const d = (await call(`/api/v1/domains`, { base, key: s.key })).body.data.find((x: { name: string }) => x.name === name);
      dns.publish(d.records);
      await card.getByRole("button", { name: /^Verify now/ }).click();
      await page.getByText(`${name} is verified.`).waitFor();
      await card.getByText("Tracking host verified").waitFor();
      expect(await cname.textContent()).toContain(`${trackingHost} points to ${new URL(base).hostname}.`);
      await screenshots(page, "domains-tracking-host");

      const before = sink.messages.length;
      const sent = await call("/api/v1/email/send", {
        base,
        key: s.key,
        body: {
          from: `news@${name}`,
          to: "reader@example.test",
          subject: "Tracked through the domain's host",
          emailType: "marketing",
          html: `<html><body><a href="${targetUrl}">Open the sale</a></body></html>`,
        },
      });
      expect(sent.status).toBe(200);
      await until(
        async () => sink.messages.length,
        (n) => n > before,
      );
      const html = String((await simpleParser(sink.messages[before].raw)).html);
      const link = /href="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1];
      expect(link.startsWith(`http://${trackingHost}:${port}/t/c/`)).toBe(true);

      const clicks = async () =>
        (
          await s.sql.query(`SELECT count(*)::int AS n FROM email_events WHERE message_id = $1 AND type = 'email.clicked'`, [
            sent.body.data.id,
          ])
        ).rows[0].n as number;
      // A host nobody registered (it resolves to this server too): 404, nothing recorded, no redirect.
      const stranger = await page.goto(link.replace(trackingHost, `other.${name}`));
      expect(stranger?.status()).toBe(404);
      expect(page.url()).toContain(`other.${name}`);
      expect(await clicks()).toBe(0);

      // Through the tracking host: the click lands on the target and is recorded.
      await page.goto(link);
      await page.waitForURL(targetUrl);
      await page.getByRole("heading", { name: "Landed on /landed?from=mail" }).waitFor();
      expect(await clicks()).toBe(1);
      const [event] = (
        await s.sql.query(`SELECT recipient, url, source FROM email_events WHERE message_id = $1 AND type = 'email.clicked'`, [
          sent.body.data.id,
        ])
      ).rows;
      expect(event).toEqual({ recipient: "reader@example.test", url: targetUrl, source: "tracking" });
    },
  );
});
