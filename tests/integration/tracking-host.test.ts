// A tracking host per sending domain: set when the domain is added or changed later through
// /api/v1/domains (the domain or a name under it, never the instance's host, one domain per host;
// bad input 400 in the documented shape and nothing changed; another organization's domain 404).
// Then, on a server of its own pointed at a real local DNS server: the tracking CNAME is checked
// with the other records, its absence never fails sending verification, and once it is found the
// domain's tracked mail points at the tracking host; the instance answers /t/ there (Host header
// set explicitly over real HTTP), and refuses /t/ on any other host (404, nothing recorded).
import http from "node:http";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import type { OwnServer } from "../helpers/own-server";
import { serverOnDns, type ServerOnDns } from "../helpers/server-on-dns";
import type { DnsServer } from "../helpers/dns-server";
import { until } from "../helpers/until";
import { otherOrgOn } from "../helpers/system-mail";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const path = "/api/v1/domains";
const hex = () => randomBytes(4).toString("hex");
const domainName = (prefix = "trk") => `${prefix}-${hex()}.example.test`;
const SCOPES = ["domains:read", "domains:write"];
type Rec = { record: string; type: string; name: string; value: string; status: string; detail: string | null; required: boolean };
const rec = (d: { records: Rec[] }, kind: string) => d.records.find((r) => r.record === kind);

/** A GET over real HTTP to the server on 127.0.0.1 at the URL's port and path, with the Host header the test chooses (fetch does not let one set it). */
function getWithHost(
  url: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: u.port, path: u.pathname + u.search, method: "GET", headers: { host, ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("a domain's tracking host through the API", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
    key = (await createKey(org.cookie, SCOPES)).key;
  });

  it("is set when the domain is added (normalized), shown with its CNAME record unverified, changed and removed with PATCH, audited", async () => {
    const name = domainName();
    const created = await call(path, { key, body: { name, trackingHost: ` Track.${name.toUpperCase()}. ` } });
    expect(created.status).toBe(201);
    const d = created.body.data;
    expect(d).toMatchObject({ trackingHost: `track.${name}`, trackingHostVerified: false });
    expect(rec(d, "tracking")).toEqual(
      expect.objectContaining({
        type: "CNAME",
        name: `track.${name}`,
        value: new URL(String(process.env.APP_URL)).hostname,
        required: false,
        status: "unchecked",
      }),
    );

    const changed = await call(`${path}/${d.id}`, { key, method: "PATCH", body: { trackingHost: `links.${name}` } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ trackingHost: `links.${name}`, trackingHostVerified: false, inbound: false });
    expect(rec(changed.body.data, "tracking")!.name).toBe(`links.${name}`);
    // The apex itself is the domain's own name: allowed.
    expect((await call(`${path}/${d.id}`, { key, method: "PATCH", body: { trackingHost: name } })).body.data.trackingHost).toBe(name);

    const removed = await call(`${path}/${d.id}`, { key, method: "PATCH", body: { trackingHost: null, inbound: true } });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ trackingHost: null, trackingHostVerified: false, inbound: true });
    expect(rec(removed.body.data, "tracking")).toBeUndefined();
    const audits = await db().auditLog.findMany({ where: { targetId: d.id, action: "domain.updated" }, orderBy: { createdAt: "asc" } });
    expect(audits).toHaveLength(4); // the last PATCH changed the host and receiving
    const hosts = audits.map((a) => a.metadata as { trackingHost?: string | null }).filter((m) => "trackingHost" in m);
    expect(hosts.map((m) => m.trackingHost)).toEqual([`links.${name}`, name, null]);
  });

  it("refuses a host outside the domain, the instance's host, another record's name or a malformed one: 400 on body.trackingHost, nothing changed", async () => {
    const name = domainName();
    const bad: [unknown, RegExp][] = [
      [`track.other-${hex()}.example.test`, /body\.trackingHost: must be .* or a name under it/],
      [`x${name}`, /body\.trackingHost: must be .* or a name under it/],
      ["example.test", /body\.trackingHost: must be/],
      [new URL(String(process.env.APP_URL)).hostname, /body\.trackingHost: /],
      [`bounces.${name}`, /body\.trackingHost: bounces\..* holds another of the domain's records/],
      ["exa mple.test", /body\.trackingHost: not a valid domain name/],
      ["1.2.3.4", /body\.trackingHost: an IP address is not a domain name/],
      [5, /body\.trackingHost/],
    ];
    for (const [trackingHost, message] of bad) {
      const res = await call(path, { key, body: { name, trackingHost } });
      expect(res.status, String(trackingHost)).toBe(400);
      expect(res.body).toEqual({ code: "VALIDATION_ERROR", error: expect.stringMatching(message), requestId: expect.any(String) });
    }
    expect(await db().domain.count({ where: { name } })).toBe(0);

    const d = (await call(path, { key, body: { name, trackingHost: `t.${name}` } })).body.data;
    for (const [trackingHost, message] of bad) {
      const res = await call(`${path}/${d.id}`, { key, method: "PATCH", body: { trackingHost, inbound: true } });
      expect(res.status, String(trackingHost)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const noField = await call(`${path}/${d.id}`, { key, method: "PATCH", body: {} });
    expect(noField.status).toBe(400);
    expect(noField.body.error).toMatch(/give inbound, trackingHost or both/);
    expect((await call(`${path}/${d.id}`, { key })).body.data).toMatchObject({ trackingHost: `t.${name}`, inbound: false });
  });

  it("keeps a host to one domain across the installation (409, not saying whose), and another organization's domain is 404", async () => {
    const name = domainName();
    const host = `t.sub.${name}`;
    const d = (await call(path, { key, body: { name, trackingHost: host } })).body.data;
    // Another domain, under whose name the host also is (the same organization's, even), cannot take it:
    // while neither is verified, the 409 says that a verified domain could.
    const again = await call(path, { key, body: { name: `sub.${name}`, trackingHost: host } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "CONFLICT",
      error: `${host} is named by another domain that is not verified; once this domain is verified it can take the host from that domain`,
    });
    expect(await db().domain.count({ where: { name: `sub.${name}` } })).toBe(0);
    const sub = (await call(path, { key, body: { name: `sub.${name}` } })).body.data;
    const taken = await call(`${path}/${sub.id}`, { key, method: "PATCH", body: { trackingHost: host } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("CONFLICT");
    expect((await call(`${path}/${sub.id}`, { key })).body.data.trackingHost).toBeNull();
    // The unique index holds even for a write that skips the checks.
    await expect(db().domain.update({ where: { id: sub.id }, data: { trackingHost: host } })).rejects.toThrow();

    const rival = await newOrg("Rival Org");
    const rivalKey = (await createKey(rival.cookie, SCOPES)).key;
    const theirs = await call(`${path}/${d.id}`, { key: rivalKey, method: "PATCH", body: { trackingHost: `evil.${name}` } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("NOT_FOUND");
    expect((await call(`${path}/${d.id}`, { key: rivalKey })).status).toBe(404);
    expect((await db().domain.findUniqueOrThrow({ where: { id: d.id } })).trackingHost).toBe(host);
  });
});

describe("a tracking host on a real DNS server, in sent mail and on the tracking routes", () => {
  let world: ServerOnDns;
  let dns: DnsServer;
  let sink: SmtpSink;
  let s: OwnServer;
  const at = (p: string, opts: Parameters<typeof call>[1] = {}) => call(p, { base: s.server.url, key: s.key, ...opts });

  beforeAll(async () => {
    world = await serverOnDns({ scopes: ["domains:read", "domains:write", "email:send"] });
    ({ dns, sink, s } = world);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  async function sendFrom(name: string, subject: string) {
    const before = sink.messages.length;
    const sent = await at("/api/v1/email/send", {
      body: {
        from: `News <news@${name}>`,
        to: "reader@example.test",
        subject,
        emailType: "marketing",
        html: `<html><body><a href="https://shop.example.test/sale?x=1">Sale</a></body></html>`,
      },
    });
    expect(sent.status).toBe(200);
    await until(
      async () => sink.messages.length,
      (n) => n > before,
    );
    const html = String((await simpleParser(sink.messages[before].raw)).html);
    return {
      id: sent.body.data.id as string,
      link: /href="([^"]+\/t\/c\/[^"]+)"/.exec(html)![1],
      pixel: /<img src="([^"]+\/t\/o\/[^"]+)"/.exec(html)![1],
      html,
    };
  }
  const events = async (id: string, type: string) =>
    (await s.sql.query(`SELECT count(*)::int AS n FROM email_events WHERE message_id = $1 AND type = $2`, [id, type])).rows[0].n as number;

  it("checks the CNAME with the other records without holding up verification, then points the domain's opens and clicks at the tracking host", async () => {
    const appHost = new URL(s.server.url).hostname;
    const port = new URL(s.server.url).port;
    const name = domainName("dns");
    const trackingHost = `track.${name}`;
    const d = (await at(path, { body: { name, trackingHost } })).body.data;
    expect(rec(d, "tracking")).toMatchObject({ type: "CNAME", name: trackingHost, value: appHost });

    // SPF and DKIM published, the tracking CNAME not yet: the domain is verified, the tracking host is not and is not used.
    dns.publish(d.records.filter((r: Rec) => r.record !== "tracking"));
    const first = (await at(`${path}/${d.id}/verify`, { method: "POST" })).body.data;
    expect(first).toMatchObject({ status: "verified", trackingHostVerified: false });
    expect(rec(first, "tracking")).toMatchObject({
      status: "fail",
      detail: `No CNAME at ${trackingHost}. Until it is found (and the domain is verified), opens and clicks use ${appHost}; sending is not affected.`,
    });
    const before = await sendFrom(name, "Before the CNAME");
    expect(before.link.startsWith(`${s.server.url}/t/c/`)).toBe(true);
    expect(before.pixel.startsWith(`${s.server.url}/t/o/`)).toBe(true);
    // Not verified: the tracking host is refused on /t/, nothing recorded. (Its pages are those of
    // any name pointed at the instance: only a verified tracking host stops serving them.)
    const early = await getWithHost(before.link, `${trackingHost}:${port}`);
    expect(early.status).toBe(404);
    expect(early.location).toBeUndefined();

    // The CNAME appears: the check finds it, the domain's mail now points at the tracking host.
    dns.cname(trackingHost, `${appHost}.`);
    const second = (await at(`${path}/${d.id}/verify`, { method: "POST" })).body.data;
    expect(second).toMatchObject({ status: "verified", trackingHost, trackingHostVerified: true });
    expect(rec(second, "tracking")).toMatchObject({ status: "pass", found: [appHost] });
    const after = await sendFrom(name, "After the CNAME");
    expect(after.link).toMatch(new RegExp(`^http://${trackingHost.replace(/\./g, "\\.")}:${port}/t/c/[\\w.-]+$`));
    expect(after.pixel).toMatch(new RegExp(`^http://${trackingHost.replace(/\./g, "\\.")}:${port}/t/o/[\\w.-]+$`));
    // The unsubscribe link stays on the instance's host.
    const raw = sink.messages
      .at(-1)!
      .raw.toString()
      .replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(new RegExp(`List-Unsubscribe: <${s.server.url.replace(/[.:/]/g, "\\$&")}/u/`));

    // On the tracking host the click lands on the signed URL and is recorded (the host list is read every few seconds).
    const click = await until(
      () => getWithHost(after.link, `${trackingHost}:${port}`),
      (r) => r.status === 302,
      { timeoutMs: 20_000, everyMs: 500 },
    );
    expect(click.location).toBe("https://shop.example.test/sale?x=1");
    expect(await events(after.id, "email.clicked")).toBe(1);
    const open = await getWithHost(after.pixel, trackingHost);
    expect(open.status).toBe(200);
    expect(await events(after.id, "email.opened")).toBe(1);
    // The instance's own host still answers the same link.
    expect((await getWithHost(after.link, `${appHost}:${port}`)).status).toBe(302);

    // Any other host: 404 and nothing recorded.
    const clicks = await events(after.id, "email.clicked");
    for (const host of [`other.${name}:${port}`, "evil.example.test", `${name}:${port}`]) {
      const refused = await getWithHost(after.link, host);
      expect(refused.status, host).toBe(404);
      expect(refused.location).toBeUndefined();
      expect((await getWithHost(after.pixel, host)).status).toBe(404);
    }
    expect(await events(after.id, "email.clicked")).toBe(clicks);
    // On the instance's host everything is served as before.
    expect((await getWithHost(`${s.server.url}/api/v1/domains`, `${appHost}:${port}`, { authorization: `Bearer ${s.key}` })).status).toBe(
      200,
    );

    // The CNAME goes: the next check says so and the domain's mail is back on the instance's host.
    dns.remove("CNAME", trackingHost);
    const third = (await at(`${path}/${d.id}/verify`, { method: "POST" })).body.data;
    expect(third).toMatchObject({ status: "verified", trackingHostVerified: false });
    const back = await sendFrom(name, "CNAME gone");
    expect(back.link.startsWith(`${s.server.url}/t/c/`)).toBe(true);
  });
  it("answers a link only on the host it was made for: another domain's link is refused on a tracking host; a CNAME proves nothing until the domain is verified, and a verified domain takes a host an unverified one named", async () => {
    const appHost = new URL(s.server.url).hostname;
    const port = new URL(s.server.url).port;
    // Domain A with a verified tracking host; domain B verified without one.
    const a = domainName("own");
    const trackingHost = `t.${a}`;
    const da = (await at(path, { body: { name: a, trackingHost } })).body.data;
    dns.publish(da.records.filter((r: Rec) => r.record !== "tracking"));
    dns.cname(trackingHost, `${appHost}.`);
    expect((await at(`${path}/${da.id}/verify`, { method: "POST" })).body.data).toMatchObject({
      status: "verified",
      trackingHostVerified: true,
    });
    const b = domainName("plain");
    const plainDomain = (await at(path, { body: { name: b } })).body.data;
    dns.publish(plainDomain.records);
    expect((await at(`${path}/${plainDomain.id}/verify`, { method: "POST" })).body.data.status).toBe("verified");

    const ownLink = (await sendFrom(a, "A's own")).link;
    await until(
      () => getWithHost(ownLink, `${trackingHost}:${port}`),
      (r) => r.status === 302,
      { timeoutMs: 20_000, everyMs: 500 },
    );
    // B's link (made for the instance's host) is no redirect through A's tracking host; it still works where it was made for.
    const other = await sendFrom(b, "B's link");
    expect(other.link.startsWith(`${s.server.url}/t/c/`)).toBe(true);
    const through = await getWithHost(other.link, `${trackingHost}:${port}`);
    expect(through.status).toBe(404);
    expect(through.location).toBeUndefined();
    expect((await getWithHost(other.pixel, `${trackingHost}:${port}`)).status).toBe(404);
    expect(await events(other.id, "email.clicked")).toBe(0);
    expect((await getWithHost(other.link, `${appHost}:${port}`)).status).toBe(302);

    // Another organization names a host under A's domain first, on a domain of its own it cannot verify.
    const rival = await otherOrgOn(s);
    const squat = `go.${a}`;
    const sq = await call(path, { base: s.server.url, key: rival.key, body: { name: `sq.${a}`, trackingHost: `go.sq.${a}` } });
    expect(sq.status).toBe(201);
    const sq2 = await call(path, { base: s.server.url, key: rival.key, body: { name: squat, trackingHost: squat } });
    expect(sq2.status).toBe(201);
    // A publishes the CNAME the docs ask for: the rival's pending domain finds it, yet its host is not verified.
    dns.cname(squat, `${appHost}.`);
    const pending = await call(`${path}/${sq2.body.data.id}/verify`, { base: s.server.url, key: rival.key, method: "POST" });
    expect(pending.body.data).toMatchObject({ status: "pending", trackingHostVerified: false });
    expect(rec(pending.body.data, "tracking")).toMatchObject({ status: "pass" });
    // A's verified domain takes it, and the rival sees it in its audit log.
    const taken = await at(`${path}/${da.id}`, { method: "PATCH", body: { trackingHost: squat } });
    expect(taken.status).toBe(200);
    expect(taken.body.data.trackingHost).toBe(squat);
    const held = await s.sql.query(`SELECT tracking_host FROM domains WHERE id = $1`, [sq2.body.data.id]);
    expect(held.rows).toEqual([{ tracking_host: null }]);
    const audit = (
      await s.sql.query(`SELECT metadata FROM audit_logs WHERE org_id = $1 AND target_id = $2 AND action = 'domain.updated'`, [
        rival.org.id,
        sq2.body.data.id,
      ])
    ).rows[0] as { metadata: unknown } | undefined;
    expect(audit?.metadata).toMatchObject({ trackingHost: null, previousTrackingHost: squat, reason: "taken by a verified domain" });
    // The rival cannot take it back (nor name a host outside its own domain).
    const back = await call(`${path}/${sq.body.data.id}`, {
      base: s.server.url,
      key: rival.key,
      method: "PATCH",
      body: { trackingHost: squat },
    });
    expect(back.status).toBe(400); // not under its own domain sq.<a>
  });
});
