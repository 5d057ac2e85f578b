// /api/v1/domains: sending domains in the envelope — create (a DKIM key made, its private half
// sealed and never shown), list, get, change receiving, delete; names checked and unique
// across the installation (409 without saying whose); scopes, session permissions, another
// organization's domains (404), the audit trail, and the inbound routes on the same rows.
// Then, on a server of its own pointed at a real local DNS server (MAILROOM_DNS_SERVERS):
// verification pending -> verified when the records are published, DNS trouble as results,
// verified -> failed by the periodic re-check job once the DKIM record is gone, a pending
// domain failed after its grace period, mail from the verified domain DKIM-signed (checked
// with mailauth against the same DNS), and no webhook for domain.verified / domain.failed.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { domainToASCII } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
// The DKIM verifier alone: mailauth's index also loads BIMI, whose undici needs a newer Node.
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import type { OwnServer } from "../helpers/own-server";
import { serverOnDns, type ServerOnDns } from "../helpers/server-on-dns";
import type { DnsServer } from "../helpers/dns-server";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { recheckDueDomains } from "@/lib/domains/recheck-job";
import type { DnsResolver } from "@/lib/domains/dns-resolver";

const path = "/api/v1/domains";
const hex = () => randomBytes(4).toString("hex");
const domainName = (prefix = "send") => `${prefix}-${hex()}.example.test`;
const SCOPES = ["domains:read", "domains:write"];

type Org = Awaited<ReturnType<typeof newOrg>>;
type Rec = {
  record: string;
  type: string;
  name: string;
  value: string;
  priority: number | null;
  status: string;
  detail: string | null;
  required: boolean;
};
const rec = (body: { data: { records: Rec[] } }, kind: string) => body.data.records.find((r) => r.record === kind);

/** Nothing of the private key may leave: not the PEM, not its sealed form, not a field for it. */
async function expectNoPrivateKey(id: string, ...bodies: unknown[]) {
  const row = await db().domain.findUniqueOrThrow({ where: { id } });
  const pem = decryptSecret(row.dkimPrivateKeySealed!);
  const keyBody = pem.split("\n")[1];
  for (const body of bodies) {
    const text = JSON.stringify(body);
    expect(text).not.toContain("PRIVATE KEY");
    expect(text).not.toContain(keyBody);
    expect(text).not.toContain(row.dkimPrivateKeySealed!);
    expect(text).not.toMatch(/privateKey|Sealed/i);
  }
}

describe("domains", () => {
  let org: Org;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, SCOPES)).key;
  });

  it("creates with 201: the name normalized, receiving off, a DKIM key and the records to publish; the private key is sealed and never returned", async () => {
    const label = hex();
    const res = await call(path, { key, body: { name: `  Bücher-${label}.Example.TEST. ` } });
    expect(res.status).toBe(201);
    const d = res.body.data;
    const name = domainToASCII(`bücher-${label}.example.test`);
    expect(name).toMatch(/^xn--bcher-.*\.example\.test$/);
    expect(d).toEqual({
      id: expect.any(String),
      name,
      status: "pending",
      inbound: false,
      dkimSelector: expect.stringMatching(/^mailroom-\d{6}-[0-9a-f]{4}$/),
      returnPathHost: `bounces.${name}`,
      trackingHost: null,
      trackingHostVerified: false,
      records: expect.any(Array),
      verifiedAt: null,
      lastCheckedAt: null,
      nextCheckAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(d.records.map((r: Rec) => [r.record, r.type, r.name, r.required, r.status])).toEqual([
      ["spf", "TXT", name, true, "unchecked"],
      ["dkim", "TXT", `${d.dkimSelector}._domainkey.${name}`, true, "unchecked"],
      ["dmarc", "TXT", `_dmarc.${name}`, false, "unchecked"],
      ["return_path", "CNAME", `bounces.${name}`, false, "unchecked"],
    ]);
    expect(rec(res.body, "spf")!.value).toMatch(/^v=spf1 include:\S+ ~all$/);
    expect(rec(res.body, "dmarc")!.value).toMatch(/^v=DMARC1; p=none/);
    const row = await db().domain.findUniqueOrThrow({ where: { id: d.id } });
    expect(rec(res.body, "dkim")!.value).toBe(`v=DKIM1; k=rsa; p=${row.dkimPublicKey}`);
    expect(decryptSecret(row.dkimPrivateKeySealed!)).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    const got = await call(`${path}/${d.id}`, { key });
    expect(got.body.data).toEqual(d);
    const list = await call(path, { key });
    const patched = await call(`${path}/${d.id}`, { key, method: "PATCH", body: { inbound: true } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.inbound).toBe(true);
    expect(rec(patched.body, "mx")).toEqual(expect.objectContaining({ type: "MX", name, priority: 10, required: false }));
    await expectNoPrivateKey(d.id, res.body, got.body, list.body, patched.body);

    const audits = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: d.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.targetType, a.actorType])).toEqual([
      ["domain.created", "domain", "api_key"],
      ["domain.updated", "domain", "api_key"],
    ]);
    expect(JSON.stringify(audits)).not.toContain("PRIVATE KEY");
  });

  it("lists newest first in the paginated envelope", async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, SCOPES)).key;
    const names = [domainName("a"), domainName("b"), domainName("c")];
    for (const name of names) expect((await call(path, { key: k, body: { name } })).status).toBe(201);
    const all = await call(path, { key: k });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(all.body.data.map((d: { name: string }) => d.name)).toEqual([...names].reverse());
    const page2 = await call(`${path}?page=2&perPage=2`, { key: k });
    expect(page2.body.pagination).toEqual({ page: 2, perPage: 2, total: 3 });
    expect(page2.body.data.map((d: { name: string }) => d.name)).toEqual([names[0]]);
  });

  it("answers 409 CONFLICT for a name any organization has (in any spelling), without saying which, and tells another organization how to claim it", async () => {
    const name = domainName();
    expect((await call(path, { key, body: { name } })).status).toBe(201);
    const again = await call(path, { key, body: { name: name.toUpperCase() + "." } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    expect(again.body.error).toBe(`${name} is one of this organization's domains already`);
    const other = await newOrg("Rival Org");
    const theirs = await call(path, { cookie: other.cookie, body: { name } });
    expect(theirs.status).toBe(409);
    expect(theirs.body.error).toContain(name);
    expect(theirs.body.error).not.toContain(org.org.name);
    expect(theirs.body.error).not.toContain(org.org.id);
    expect(theirs.body.error).toMatch(
      new RegExp(
        `TXT record at _mailroom-claim\\.${name.replace(/[.-]/g, "\\$&")} with the value mailroom-claim=[\\w-]{22}, then add it again with "claim": true`,
      ),
    );
    // The inbound route refuses it as well: one row per name.
    expect((await call("/api/inbound/domains", { cookie: other.cookie, body: { name } })).status).toBe(409);
    expect(await db().domain.count({ where: { name } })).toBe(1);
  });

  it("validates the body and ids, changing nothing", async () => {
    const before = await db().domain.count({ where: { orgId: org.org.id } });
    const bad = [
      {},
      { name: "" },
      { name: "localhost" },
      { name: "1.2.3.4" },
      { name: "exa mple.test" },
      { name: "-x.example.test" },
      { name: `${"a".repeat(64)}.test` },
      { name: 5 },
      { name: "ok-name.example.test", inbound: "yes" },
      { name: "ok-name.example.test", extra: 1 },
    ];
    for (const body of bad) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(/body(\.name|\.inbound|:)/);
    }
    expect((await call(path, { key, body: { name: "1.2.3.4" } })).body.error).toMatch(/body\.name: an IP address is not a domain name/);
    expect(await db().domain.count({ where: { orgId: org.org.id } })).toBe(before);
    const created = await call(path, { key, body: { name: domainName() } });
    expect((await call(`${path}/${created.body.data.id}`, { key, method: "PATCH", body: {} })).status).toBe(400);
    expect((await call(`${path}/${created.body.data.id}`, { key, method: "PATCH", body: { name: "other.example.test" } })).status).toBe(
      400,
    );
    expect((await call(`${path}/not-a-uuid`, { key })).status).toBe(400);
  });

  it("needs domains:read to read and domains:write to change or verify; project-bound keys cannot change them", async () => {
    const id = (await call(path, { key, body: { name: domainName() } })).body.data.id;
    const readOnly = (await createKey(org.cookie, ["domains:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${id}`, { key: readOnly })).status).toBe(200);
    for (const [p, method, body] of [
      [path, "POST", { name: domainName() }],
      [`${path}/${id}`, "PATCH", { inbound: true }],
      [`${path}/${id}`, "DELETE"],
      [`${path}/${id}/verify`, "POST"],
    ] as const) {
      const res = await call(p, { key: readOnly, method, body });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    const noScope = (await createKey(org.cookie, ["senders:read"])).key;
    expect((await call(path, { key: noScope })).status).toBe(403);
    const bound = (await createKey(org.cookie, SCOPES, { projectId: org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(path, { key: bound, body: { name: domainName() } })).status).toBe(403);
  });

  it("maps sessions to domains.view (everyone) and domains.manage (owners and admins)", async () => {
    const viewer = await addMemberAs(org.cookie, "viewer");
    const member = await addMemberAs(org.cookie, "member");
    const admin = await addMemberAs(org.cookie, "admin");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(path, { cookie: member.cookie })).status).toBe(200);
    for (const who of [viewer, member]) {
      const res = await call(path, { cookie: who.cookie, body: { name: domainName() } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PERMISSION_DENIED");
    }
    const made = await call(path, { cookie: admin.cookie, body: { name: domainName() } });
    expect(made.status).toBe(201);
    expect(await db().auditLog.findFirstOrThrow({ where: { targetId: made.body.data.id } })).toMatchObject({
      action: "domain.created",
      actorType: "user",
      actorId: admin.member.userId,
    });
  });

  it("answers 404 for another organization's domain and changes nothing", async () => {
    const other = await newOrg();
    const theirs = (await call(path, { cookie: other.cookie, body: { name: domainName() } })).body.data;
    for (const [p, method, body] of [
      [`${path}/${theirs.id}`, "GET"],
      [`${path}/${theirs.id}`, "PATCH", { inbound: true }],
      [`${path}/${theirs.id}`, "DELETE"],
      [`${path}/${theirs.id}/verify`, "POST"],
    ] as const) {
      const res = await call(p, { key, method, body });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await call(path, { key })).body.data.map((d: { id: string }) => d.id)).not.toContain(theirs.id);
    expect(await db().domain.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      orgId: other.org.id,
      inboundEnabled: false,
      lastCheckedAt: null,
    });
    expect(await db().auditLog.count({ where: { targetId: theirs.id } })).toBe(1);
  });

  it("deletes: gone from both APIs, its senders keep their address without a domain, audited", async () => {
    const name = domainName();
    const d = (await call(path, { key, body: { name, inbound: true } })).body.data;
    const sender = await call("/api/v1/senders", { cookie: org.cookie, body: { email: `team@${name}` } });
    expect(sender.body.data.domainId).toBe(d.id);
    expect((await call("/api/inbound/domains", { cookie: org.cookie })).body.data.map((x: { name: string }) => x.name)).toContain(name);
    const deleted = await call(`${path}/${d.id}`, { key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: d.id, deleted: true });
    expect((await call(`${path}/${d.id}`, { key })).status).toBe(404);
    expect((await call(`${path}/${d.id}`, { key, method: "DELETE" })).status).toBe(404);
    expect((await call("/api/inbound/domains", { cookie: org.cookie })).body.data.map((x: { name: string }) => x.name)).not.toContain(name);
    expect(await db().sender.findUniqueOrThrow({ where: { id: sender.body.data.id } })).toMatchObject({
      email: `team@${name}`,
      domainId: null,
    });
    expect(await db().auditLog.findFirst({ where: { targetId: d.id, action: "domain.deleted" } })).toMatchObject({
      actorType: "api_key",
      metadata: { name },
    });
  });

  it("shares its rows with the inbound routes: an inbound domain gets its DKIM key when first shown, and receiving set either way shows in both", async () => {
    const name = domainName("in");
    const inbound = await call("/api/inbound/domains", { cookie: org.cookie, body: { name } });
    expect(inbound.status).toBe(201);
    expect(await db().domain.findUniqueOrThrow({ where: { name } })).toMatchObject({ dkimSelector: null, dkimPrivateKeySealed: null });
    const shown = await call(`${path}/${inbound.body.id}`, { key });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ name, inbound: true, status: "pending", dkimSelector: expect.stringMatching(/^mailroom-/) });
    expect(rec(shown.body, "mx")).toBeDefined();
    const row = await db().domain.findUniqueOrThrow({ where: { name } });
    expect(row.dkimPrivateKeySealed).not.toBeNull();
    expect(rec(shown.body, "dkim")!.value).toBe(`v=DKIM1; k=rsa; p=${row.dkimPublicKey}`);
    // Shown again: the same key, not a new one.
    expect(rec((await call(`${path}/${inbound.body.id}`, { key })).body, "dkim")!.value).toBe(rec(shown.body, "dkim")!.value);
    await call(`/api/inbound/domains/${inbound.body.id}`, { cookie: org.cookie, method: "PATCH", body: { inboundEnabled: false } });
    expect((await call(`${path}/${inbound.body.id}`, { key })).body.data.inbound).toBe(false);
    await expectNoPrivateKey(inbound.body.id, shown.body);
  });

  it("links the organization's senders added before a domain for receiving to it once it is a sending domain", async () => {
    const name = domainName("link");
    const early = (await call("/api/v1/senders", { cookie: org.cookie, body: { email: `early@${name}` } })).body.data;
    expect(early.domainId).toBeNull();
    const inbound = await call("/api/inbound/domains", { cookie: org.cookie, body: { name } });
    expect(inbound.status).toBe(201);
    expect((await call(`${path}/${inbound.body.id}`, { key })).status).toBe(200);
    expect((await call(`/api/v1/senders/${early.id}`, { cookie: org.cookie })).body.data).toMatchObject({
      domainId: inbound.body.id,
      domain: { id: inbound.body.id, name, status: "pending" },
    });
  });
});

describe("the re-check job's runs", () => {
  // Each run here is given a "now" long past and its domains were due before it, so no other
  // test's domain is due for these runs.
  const past = new Date("2001-01-01T00:00:00Z");
  const absent = () => Promise.reject(Object.assign(new Error("no such name"), { code: "ENOTFOUND" }));

  async function dueDomains(count: number) {
    const { org } = await newOrg();
    const names = Array.from({ length: count }, () => domainName("due"));
    await db().domain.createMany({
      data: names.map((name) => ({
        orgId: org.id,
        name,
        inboundEnabled: false,
        status: "pending",
        dkimSelector: "sel",
        dkimPublicKey: "MIIB",
        dkimPrivateKeySealed: "sealed",
        returnPathHost: `bounces.${name}`,
        nextCheckAt: new Date("2000-06-01T00:00:00Z"),
      })),
    });
    return names;
  }

  it("claim the domains they check: a run overlapping another never checks the same domain", async () => {
    const names = await dueDomains(3);
    const asked = new Map<string, number>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const resolver = (held: boolean): DnsResolver => {
      const look = async (name: string): Promise<never> => {
        asked.set(name, (asked.get(name) ?? 0) + 1);
        if (held) await gate;
        return absent();
      };
      return { resolveTxt: look, resolveCname: look, resolveMx: look };
    };
    // The first run is held inside its first domain's lookups while a second run starts.
    const first = recheckDueDomains({ now: past, resolver: resolver(true) });
    while (asked.size === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await recheckDueDomains({ now: past, resolver: resolver(false) })).toBe(0);
    release();
    expect(await first).toBe(3);
    // One SPF lookup at each domain's name: each was checked once.
    expect(names.map((n) => asked.get(n))).toEqual([1, 1, 1]);
    const rows = await db().domain.findMany({ where: { name: { in: names } } });
    expect(rows.map((r) => [r.lastCheckedAt?.toISOString(), r.nextCheckAt! > past])).toEqual(names.map(() => [past.toISOString(), true]));
  });

  it("go on batch after batch until nothing is due", async () => {
    const names = await dueDomains(30);
    const look = () => absent();
    expect(await recheckDueDomains({ now: past, resolver: { resolveTxt: look, resolveCname: look, resolveMx: look } })).toBe(30);
    expect(await db().domain.count({ where: { name: { in: names }, lastCheckedAt: past, nextCheckAt: { gt: past } } })).toBe(30);
  });
});

describe("verification against a real DNS server, the re-check job and DKIM signing", () => {
  let dns: DnsServer;
  let sink: SmtpSink;
  let receiver: Receiver;
  let s: OwnServer;
  const at = (p: string, opts: Parameters<typeof call>[1] = {}) => call(p, { base: s.server.url, key: s.key, ...opts });

  let world: ServerOnDns;
  beforeAll(async () => {
    receiver = await startReceiver();
    world = await serverOnDns({
      env: {
        MAILROOM_SPF_INCLUDE: "_spf.mailroom.test",
        MAILROOM_RETURN_PATH_TARGET: "bounces.mailroom.test",
        INBOUND_SMTP_HOSTNAME: "mx.mailroom.test",
      },
      scopes: ["domains:read", "domains:write", "email:send", "webhooks:read", "webhooks:write"],
    });
    ({ dns, sink, s } = world);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await receiver?.close();
  });

  it("goes pending -> verified as the records appear (DNS failures are results), signs mail with the key, then fails when the job finds the DKIM record gone; no webhook for either", async () => {
    const domainEvents = (
      await at("/api/v1/webhook-endpoints", { body: { url: receiver.url("/domain-events"), events: ["domain.verified", "domain.failed"] } })
    ).body.data;
    await at("/api/v1/webhook-endpoints", { body: { url: receiver.url("/sent"), events: ["email.sent"] } });

    const name = domainName("dns");
    const created = await at(path, { body: { name, inbound: true } });
    expect(created.status).toBe(201);
    const d = created.body.data;
    const records = d.records as Rec[];
    expect(records.map((r) => [r.record, r.type, r.name, r.value])).toEqual([
      ["spf", "TXT", name, "v=spf1 include:_spf.mailroom.test ~all"],
      ["dkim", "TXT", `${d.dkimSelector}._domainkey.${name}`, expect.stringMatching(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{380,}$/)],
      ["dmarc", "TXT", `_dmarc.${name}`, expect.stringMatching(/^v=DMARC1; p=none/)],
      ["return_path", "CNAME", `bounces.${name}`, "bounces.mailroom.test"],
      ["mx", "MX", name, "mx.mailroom.test"],
    ]);

    // Nothing published yet: still pending (within its first 72 hours), each record says why.
    const first = await at(`${path}/${d.id}/verify`, { method: "POST" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: "pending", verifiedAt: null, lastCheckedAt: expect.any(String) });
    expect(rec(first.body, "spf")).toMatchObject({ status: "fail", detail: expect.stringMatching(/No SPF record/) });
    expect(rec(first.body, "dkim")).toMatchObject({ status: "fail", detail: expect.stringMatching(/No DKIM key record/) });
    expect(rec(first.body, "mx")).toMatchObject({ status: "fail" });

    // Published (DKIM as two strings, the way DNS hosts split it); the DMARC name's DNS is broken.
    dns.publish(records.filter((r) => r.record !== "dmarc"));
    dns.txt(name, "google-site-verification=abc");
    dns.servfail(`_dmarc.${name}`);
    const second = await at(`${path}/${d.id}/verify`, { method: "POST" });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ status: "verified", verifiedAt: expect.any(String) });
    expect(Object.fromEntries(second.body.data.records.map((r: Rec) => [r.record, r.status]))).toEqual({
      spf: "pass",
      dkim: "pass",
      dmarc: "error",
      return_path: "pass",
      mx: "pass",
    });
    expect(rec(second.body, "dmarc")!.detail).toMatch(/did not complete \(ESERVFAIL\)/);
    expect((await at(`${path}/${d.id}`)).body.data).toEqual(second.body.data);
    const verifiedAudit = await s.sql.query(
      `SELECT actor_type, metadata FROM audit_logs WHERE target_id = $1 AND action = 'domain.verified'`,
      [d.id],
    );
    expect(verifiedAudit.rows).toEqual([
      { actor_type: "api_key", metadata: expect.objectContaining({ name, previousStatus: "pending", status: "verified" }) },
    ]);

    // Any address at the verified domain sends in production, DKIM-signed with its key.
    const sent = await at("/api/v1/email/send", {
      body: { from: `Hello <hello@${name}>`, to: "rcpt@example.test", subject: "Signed", text: "Signed with the domain's key." },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe("sent");
    const mail = sink.messages.find((m) => m.raw.toString().includes("Subject: Signed"))!;
    expect(mail.raw.toString()).toMatch(
      new RegExp(`^DKIM-Signature: v=1; a=rsa-sha256;[\\s\\S]*d=${name.replace(/\./g, "\\.")};[\\s\\S]*s=${d.dkimSelector};`, "m"),
    );
    const verdict = await dkimVerify(mail.raw, { resolver: dns.resolve });
    expect(verdict.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([[name, d.dkimSelector, "pass"]]);
    // The same message checked against a key that is not the domain's does not pass.
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    const forged = await dkimVerify(mail.raw, {
      resolver: async (n, t) => (n.includes("._domainkey.") ? [[`v=DKIM1; k=rsa; p=${otherKey}`]] : dns.resolve(n, t)),
    });
    expect(forged.results[0].status.result).toBe("fail");

    // The DKIM record disappears; the periodic job (run now, as its slot would) finds it and fails the domain.
    dns.remove("TXT", records[1].name);
    await s.sql.query(`UPDATE domains SET next_check_at = now() - interval '1 minute' WHERE id = $1`, [d.id]);
    const job = (
      await s.sql.query(
        `INSERT INTO jobs (id, name, payload, run_at, max_attempts) VALUES (gen_random_uuid(), 'domains.recheck', '{}', now(), 1) RETURNING id`,
      )
    ).rows[0].id;
    let status = "";
    for (let i = 0; i < 150 && status !== "done" && status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await s.sql.query(`SELECT status FROM jobs WHERE id = $1`, [job])).rows[0].status;
    }
    expect(status).toBe("done");
    const after = (await at(`${path}/${d.id}`)).body.data;
    expect(after).toMatchObject({ status: "failed", verifiedAt: null });
    expect(Object.fromEntries(after.records.map((r: Rec) => [r.record, r.status]))).toMatchObject({ spf: "pass", dkim: "fail" });
    expect(new Date(after.lastCheckedAt).getTime()).toBeGreaterThan(new Date(second.body.data.lastCheckedAt).getTime());
    const failedAudit = await s.sql.query(
      `SELECT actor_type, actor_id, metadata FROM audit_logs WHERE target_id = $1 AND action = 'domain.failed'`,
      [d.id],
    );
    expect(failedAudit.rows).toEqual([
      {
        actor_type: "system",
        actor_id: "domain_recheck",
        metadata: expect.objectContaining({ previousStatus: "verified", status: "failed" }),
      },
    ]);

    // Failed: the address no longer sends in production, and nothing is signed with the key.
    const refused = await at("/api/v1/email/send", {
      body: { from: `hello@${name}`, to: "rcpt@example.test", subject: "Refused", text: "x" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SENDER_NOT_VERIFIED");

    // SPEC: domain.verified and domain.failed are valid subscriptions that nothing dispatches.
    // A send's email.sent reaches the other endpoint; the domain endpoint got nothing, ever.
    expect((await at("/api/v1/email/send", { body: { to: "rcpt@example.test", subject: "Default sender", text: "x" } })).status).toBe(200);
    await receiver.waitFor("/sent", 2);
    expect(receiver.received.filter((r) => r.path === "/domain-events")).toHaveLength(0);
    expect(
      (await s.sql.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [domainEvents.id])).rows[0].n,
    ).toBe(0);
    expect((await s.sql.query(`SELECT count(*)::int AS n FROM email_events WHERE type LIKE 'domain.%'`)).rows[0].n).toBe(0);
    expect(s.server.output()).not.toContain("PRIVATE KEY");
  });

  it("fails a domain whose records are still missing 72 hours after it was added, and recovers it once they appear", async () => {
    const name = domainName("late");
    const d = (await at(path, { body: { name } })).body.data;
    await s.sql.query(`UPDATE domains SET created_at = now() - interval '73 hours' WHERE id = $1`, [d.id]);
    const failed = await at(`${path}/${d.id}/verify`, { method: "POST" });
    expect(failed.body.data.status).toBe("failed");
    expect(rec(failed.body, "spf")!.status).toBe("fail");
    dns.publish(d.records);
    const verified = await at(`${path}/${d.id}/verify`, { method: "POST" });
    expect(verified.body.data.status).toBe("verified");
    const actions = await s.sql.query(`SELECT action FROM audit_logs WHERE target_id = $1 ORDER BY created_at`, [d.id]);
    expect(actions.rows.map((r) => r.action)).toEqual(["domain.created", "domain.failed", "domain.verified"]);
  });

  it("keeps a verified domain verified when its lookups time out or fail (inconclusive), and says so per record", async () => {
    const name = domainName("flaky");
    const d = (await at(path, { body: { name } })).body.data;
    dns.publish(d.records);
    expect((await at(`${path}/${d.id}/verify`, { method: "POST" })).body.data.status).toBe("verified");
    dns.servfail(name);
    dns.servfail((d.records as Rec[])[1].name);
    const again = await at(`${path}/${d.id}/verify`, { method: "POST" });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe("verified");
    expect(rec(again.body, "spf")!.status).toBe("error");
    expect(rec(again.body, "dkim")!.status).toBe("error");
    const checked = await s.sql.query(`SELECT action FROM audit_logs WHERE target_id = $1 ORDER BY created_at`, [d.id]);
    expect(checked.rows.map((r) => r.action)).toEqual(["domain.created", "domain.verified", "domain.checked"]);
  });

  it("moves a name another organization holds (unverified) to the organization that proves control of its DNS with the claim record", async () => {
    const squatter = (
      await s.sql.query(`INSERT INTO organizations (id, name, updated_at) VALUES (gen_random_uuid(), 'Squatter Org', now()) RETURNING id`)
    ).rows[0].id as string;
    const hold = async (name: string, status = "pending") =>
      (
        await s.sql.query(
          `INSERT INTO domains (id, org_id, name, inbound_enabled, status, updated_at) VALUES (gen_random_uuid(), $1, $2, true, $3, now()) RETURNING id`,
          [squatter, name, status],
        )
      ).rows[0].id as string;
    const name = domainName("claim");
    const held = await hold(name);

    const refused = await at(path, { body: { name, inbound: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).not.toMatch(/Squatter/);
    expect(refused.body.error).not.toContain(squatter);
    const value = new RegExp(`at _mailroom-claim\\.${name.replace(/[.-]/g, "\\$&")} with the value (mailroom-claim=[\\w-]+)`).exec(
      refused.body.error,
    )![1];

    // Asked to claim before the record is published, or with a record that is not this organization's: still 409, nothing moves.
    const early = await at(path, { body: { name, claim: true } });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/No claim record for your organization/);
    dns.txt(`_mailroom-claim.${name}`, "mailroom-claim=AAAAAAAAAAAAAAAAAAAAAA");
    expect((await at(path, { body: { name, claim: true } })).status).toBe(409);
    expect((await s.sql.query(`SELECT org_id FROM domains WHERE name = $1`, [name])).rows).toEqual([{ org_id: squatter }]);

    dns.txt(`_mailroom-claim.${name}`, value);
    const claimed = await at(path, { body: { name, inbound: true, claim: true } });
    expect(claimed.status).toBe(201);
    expect(claimed.body.data).toMatchObject({ name, status: "pending", inbound: true });
    const rows = await s.sql.query(`SELECT id, org_id FROM domains WHERE name = $1`, [name]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].id).toBe(claimed.body.data.id);
    expect(rows.rows[0].org_id).not.toBe(squatter);
    const audits = await s.sql.query(
      `SELECT org_id, action, actor_type, actor_id, metadata FROM audit_logs WHERE target_id IN ($1, $2) ORDER BY action`,
      [held, claimed.body.data.id],
    );
    expect(audits.rows).toEqual([
      {
        org_id: rows.rows[0].org_id,
        action: "domain.created",
        actor_type: "api_key",
        actor_id: expect.any(String),
        metadata: expect.objectContaining({ name, claimed: true }),
      },
      {
        org_id: squatter,
        action: "domain.deleted",
        actor_type: "system",
        actor_id: "domain_claim",
        metadata: expect.objectContaining({ name, reason: expect.stringMatching(/claimed/) }),
      },
    ]);

    // A holder that verified the name keeps it while it stays verified, claim record or not.
    const verifiedName = domainName("kept");
    await hold(verifiedName, "verified");
    const refusedValue = new RegExp(`with the value (mailroom-claim=[\\w-]+)`).exec(
      (await at(path, { body: { name: verifiedName } })).body.error,
    )![1];
    dns.txt(`_mailroom-claim.${verifiedName}`, refusedValue);
    const kept = await at(path, { body: { name: verifiedName, claim: true } });
    expect(kept.status).toBe(409);
    expect(kept.body.error).toMatch(/verified by the organization that holds it/);
    expect((await s.sql.query(`SELECT org_id FROM domains WHERE name = $1`, [verifiedName])).rows).toEqual([{ org_id: squatter }]);
  });
});
