// The outbound address policy for providers, as shipped (no ALLOW_PRIVATE_PROVIDER_HOSTS), on a
// server of its own whose outbound names resolve through a real local DNS server
// (OUTBOUND_DNS_SERVERS): provider create and update refused for private, loopback, link-local
// and plain-http destinations, naming the field; a change of destination refused without the
// credential again; and DNS rebinding (a name that was public at save and points at 127.0.0.1
// at connect time) refused when the connection is made, with listeners on 127.0.0.1 that must
// see no connection at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { startDnsServer, type DnsServer } from "../helpers/dns-server";
import { newSink, SINK_PASSWORD, SINK_USER } from "../helpers/sending";

const PUBLIC_IP = "93.184.216.34";

/** A TCP listener on 127.0.0.1 that counts connections (and answers nothing useful). */
async function listener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"Name":"metadata-secret","ErrorCode":0}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => count,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let dns: DnsServer;
let s: OwnServer;
let target: Awaited<ReturnType<typeof listener>>;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.a("internal.policy.test", "10.1.2.3");
  target = await listener();
  // The shipped default: the switch unset (an empty value counts as unset).
  s = await ownServer({ env: { ALLOW_PRIVATE_PROVIDER_HOSTS: "", OUTBOUND_DNS_SERVERS: dns.address }, scopes: ["email:send"] });
  await s.sql.query(`UPDATE organizations SET plan = 'enterprise'`); // no provider quota
}, 60_000);
afterAll(async () => {
  await s?.sql.end();
  await s?.server.stop();
  await s?.database.drop();
  await target?.close();
  await dns?.close();
});

const create = (type: string, config: Record<string, unknown>) =>
  call("/api/providers", { base: s.server.url, cookie: s.cookie, body: { name: `p ${Math.random()}`, type, config } });
const update = (id: string, config: Record<string, unknown>) =>
  call(`/api/providers/${id}`, { base: s.server.url, cookie: s.cookie, method: "PUT", body: { config } });
const stored = async (id: string) => (await s.sql.query(`SELECT config, secrets_sealed FROM providers WHERE id = $1`, [id])).rows[0];
const providerCount = async () => Number((await s.sql.query(`SELECT count(*) FROM providers`)).rows[0].count);
const testRoute = (id: string) => call(`/api/providers/${id}/test`, { base: s.server.url, cookie: s.cookie, method: "POST" });

describe("provider destinations on save", () => {
  it("refuses private, loopback, link-local, local names, names resolving privately, and plain http, naming the field; nothing is created", async () => {
    const before = await providerCount();
    const refused: [string, Record<string, unknown>, string][] = [
      ["postmark", { serverToken: "t", baseUrl: `http://127.0.0.1:${target.port}` }, "baseUrl"],
      ["postmark", { serverToken: "t", baseUrl: "https://127.0.0.1/" }, "baseUrl"],
      ["postmark", { serverToken: "t", baseUrl: "https://169.254.169.254/latest/meta-data/" }, "baseUrl"],
      ["postmark", { serverToken: "t", baseUrl: `http://${PUBLIC_IP}/` }, "baseUrl"],
      ["resend", { apiKey: "re_x", baseUrl: "https://[::1]/" }, "baseUrl"],
      ["resend", { apiKey: "re_x", baseUrl: "https://localhost/" }, "baseUrl"],
      ["sendgrid", { apiKey: "SG.x", baseUrl: "https://10.0.0.1/" }, "baseUrl"],
      ["mailgun", { apiKey: "k", domain: "mg.test", baseUrl: "https://internal.policy.test/" }, "baseUrl"],
      ["ses", { region: "eu-west-1", accessKeyId: "AKIA", secretAccessKey: "s", endpoint: "https://[::ffff:127.0.0.1]/" }, "endpoint"],
      ["smtp", { host: "127.0.0.1", port: target.port }, "host"],
      ["smtp", { host: "localhost", port: 25 }, "host"],
      ["smtp", { host: "100.64.0.1", port: 25 }, "host"],
      ["smtp", { host: "internal.policy.test", port: 587 }, "host"],
    ];
    for (const [type, config, field] of refused) {
      const res = await create(type, config);
      const label = `${type} ${JSON.stringify(config)}`;
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe("VALIDATION_ERROR");
      expect(res.body.error, label).toContain(`body.config.${field}`);
    }
    expect(await providerCount()).toBe(before);
    expect(target.connections()).toBe(0);
  });

  it("refuses an update to a private destination; the provider is unchanged", async () => {
    const ok = await create("postmark", { serverToken: "token-1", baseUrl: `https://${PUBLIC_IP}/` });
    expect(ok.status).toBe(201);
    const before = await stored(ok.body.id);
    const res = await update(ok.body.id, { serverToken: "token-2", baseUrl: "https://127.0.0.1/" });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("body.config.baseUrl");
    expect(await stored(ok.body.id)).toEqual(before);
  });
});

describe("names that do not resolve and names that resolve privately", () => {
  // The same words for both, so a tenant cannot probe which internal names exist.
  const sameWords = (text: string, host: string) => text.replaceAll(host, "<host>");

  it("are refused on save in the same words", async () => {
    dns.a("private.words.test", "10.1.2.3");
    dns.servfail("failing.words.test");
    const answers: string[] = [];
    for (const host of ["private.words.test", "nowhere.words.test", "failing.words.test"]) {
      for (const [type, config] of [
        ["smtp", { host, port: 587 }],
        ["postmark", { serverToken: "t", baseUrl: `https://${host}/` }],
      ] as const) {
        const res = await create(type, config);
        expect(res.status, `${type} ${host}`).toBe(400);
        expect(res.body.error).toContain(`cannot reach ${host}: it does not resolve to a public address`);
        answers.push(`${type}: ${sameWords(res.body.error, host)}`);
      }
    }
    expect(new Set(answers).size).toBe(2); // one answer per provider type, whatever the name did
  });

  it("fail at connect time in the same words", async () => {
    const names = ["private.later.test", "gone.later.test", "failing.later.test"];
    for (const name of names) dns.a(name, PUBLIC_IP);
    const created = [];
    for (const name of names) {
      for (const [type, config] of [
        ["smtp", { host: name, port: target.port }],
        ["postmark", { serverToken: "t", baseUrl: `https://${name}:${target.port}` }],
      ] as const) {
        const res = await create(type, config);
        expect(res.status, `${type} ${name}`).toBe(201);
        created.push({ id: res.body.id as string, type, name });
      }
    }
    dns.a("private.later.test", "10.1.2.3");
    dns.a("gone.later.test");
    dns.servfail("failing.later.test");
    const answers = new Set<string>();
    for (const { id, type, name } of created) {
      const tested = await testRoute(id);
      expect(tested.body.success, `${type} ${name}`).toBe(false);
      expect(tested.body.message, `${type} ${name}`).toContain(`cannot reach ${name}: it does not resolve to a public address`);
      answers.add(`${type}: ${sameWords(tested.body.message, name)}`);
    }
    expect(answers.size).toBe(2);
    expect(target.connections()).toBe(0);
  });
});

describe("changing where a provider connects needs its credential again", () => {
  it("an API provider: a new base URL without the token (left out, or the mask) is refused, naming the token; with it, accepted", async () => {
    const ok = await create("postmark", { serverToken: "token-1", baseUrl: `https://${PUBLIC_IP}/` });
    const before = await stored(ok.body.id);
    for (const config of [
      { baseUrl: "https://93.184.216.35/" },
      { baseUrl: "https://93.184.216.35/", serverToken: "********" },
      { serverToken: "********" },
    ]) {
      const res = await update(ok.body.id, config);
      expect(res.status, JSON.stringify(config)).toBe(400);
      expect(res.body.error).toContain("body.config.serverToken");
      expect(res.body.error).toMatch(/entered again/);
      expect(await stored(ok.body.id)).toEqual(before);
    }
    // Settings other than the destination keep working without the token.
    expect((await update(ok.body.id, { baseUrl: `https://${PUBLIC_IP}/`, messageStream: "broadcast" })).status).toBe(200);
    expect((await update(ok.body.id, { baseUrl: "https://93.184.216.35/", serverToken: "token-2" })).status).toBe(200);
  });

  it("an SMTP relay: a new host or port, or weaker TLS, without the password is refused, naming it", async () => {
    const base = { host: PUBLIC_IP, port: 587, username: "u" };
    const ok = await create("smtp", { ...base, password: "pw-1" });
    expect(ok.status).toBe(201);
    const before = await stored(ok.body.id);
    // The TLS settings decide how the password travels: turning the certificate check or
    // required STARTTLS off (or implicit TLS) would send it over a weaker connection.
    for (const change of [
      { port: 2525 },
      { host: "93.184.216.35" },
      { rejectUnauthorized: false },
      { requireTls: true, secure: false },
      { password: "********", rejectUnauthorized: false },
    ]) {
      const res = await update(ok.body.id, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error).toContain("body.config.password");
      expect(await stored(ok.body.id)).toEqual(before);
    }
    expect((await update(ok.body.id, { ...base, port: 2525, password: "pw-1" })).status).toBe(200);
    expect((await update(ok.body.id, { ...base, port: 2525, password: "pw-1", rejectUnauthorized: false })).status).toBe(200);
  });
});

describe("DNS rebinding: the address is checked again when the connection is made", () => {
  it("a base URL, an SES endpoint and an SMTP host that resolved publicly at save and now resolve to 127.0.0.1 get no connection", async () => {
    for (const name of ["api.rebind.test", "ses.rebind.test", "smtp.rebind.test"]) dns.a(name, PUBLIC_IP);
    const postmark = await create("postmark", { serverToken: "t", baseUrl: `https://api.rebind.test:${target.port}` });
    const ses = await create("ses", {
      region: "eu-west-1",
      accessKeyId: "AKIA",
      secretAccessKey: "s",
      endpoint: `https://ses.rebind.test:${target.port}`,
    });
    const smtp = await create("smtp", { host: "smtp.rebind.test", port: target.port });
    for (const res of [postmark, ses, smtp]) expect(res.status, JSON.stringify(res.body)).toBe(201);

    for (const name of ["api.rebind.test", "ses.rebind.test", "smtp.rebind.test"]) dns.a(name, "127.0.0.1");
    for (const [res, name] of [
      [postmark, "api.rebind.test"],
      [ses, "ses.rebind.test"],
      [smtp, "smtp.rebind.test"],
    ] as const) {
      const tested = await testRoute(res.body.id);
      expect(tested.status).toBe(200);
      expect(tested.body.success, name).toBe(false);
      expect(tested.body.message, name).toContain(
        `blocked by the outbound address policy: provider host cannot reach ${name}: it does not resolve to a public address`,
      );
    }
    // The send path too: the only provider is refused at connect time, so the send fails.
    await s.sql.query(`UPDATE providers SET is_active = (id = $1)`, [postmark.body.id]);
    const sent = await call("/api/v1/email/send", {
      base: s.server.url,
      key: s.key,
      body: { from: "ann@sender.test", to: "x@example.test", subject: "Hi", text: "x" },
    });
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(sent.body)).toContain("blocked by the outbound address policy");
    expect(target.connections()).toBe(0);
  });

  it("a destination stored while private hosts were allowed is refused at connect time (literal addresses never go through DNS)", async () => {
    const ok = await create("postmark", { serverToken: "t", baseUrl: `https://${PUBLIC_IP}/` });
    for (const baseUrl of [`http://127.0.0.1:${target.port}`, `https://127.0.0.1:${target.port}`]) {
      await s.sql.query(`UPDATE providers SET config = jsonb_set(config, '{baseUrl}', to_jsonb($1::text)) WHERE id = $2`, [
        baseUrl,
        ok.body.id,
      ]);
      const tested = await testRoute(ok.body.id);
      expect(tested.body.success, baseUrl).toBe(false);
      expect(tested.body.message, baseUrl).toContain("blocked by the outbound address policy");
    }
    expect(target.connections()).toBe(0);
  });
});

describe("a provider the operator manages (staff API)", () => {
  it("may be on the operator's network without the switch: created, tested and sent through at 127.0.0.1; the customer still cannot aim one there", async () => {
    const sink = await newSink();
    try {
      const staff = (path: string, body: unknown) =>
        call(path, { base: s.server.url, key: (s.serverEnv as Record<string, string>).STAFF_API_TOKEN, body });
      const orgId = (await s.sql.query(`SELECT id::text FROM organizations LIMIT 1`)).rows[0].id as string;
      const config = { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD };
      const managed = await staff(`/api/internal/organizations/${orgId}/providers`, { name: "Operator relay", type: "smtp", config });
      expect(managed.status, JSON.stringify(managed.body)).toBe(201);
      expect((await staff(`/api/internal/providers/${managed.body.data.id}/status`, { status: "active" })).status).toBe(200);
      const tested = await testRoute(managed.body.data.id);
      expect(tested.body).toMatchObject({ success: true, message: `Connected to 127.0.0.1:${sink.port}` });

      await s.sql.query(`UPDATE providers SET is_active = (id = $1)`, [managed.body.data.id]);
      const sent = await call("/api/v1/email/send", {
        base: s.server.url,
        key: s.key,
        body: { from: "ann@sender.test", to: "x@example.test", subject: "Managed", text: "x" },
      });
      expect(sent.body.data, JSON.stringify(sent.body)).toMatchObject({ status: "sent", provider: "Operator relay" });
      expect(sink.messages).toHaveLength(1);

      expect((await create("smtp", config)).status).toBe(400);
    } finally {
      await sink.close();
    }
  });
});
