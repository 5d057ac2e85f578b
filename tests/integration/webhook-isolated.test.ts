// Webhook behaviour that needs servers of its own, each on its own database: the URL policy
// as shipped (no ALLOW_PRIVATE_WEBHOOK_URLS), at create, update and delivery time; and no
// delivery lost when the server is killed (kill -9) between attempts.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { hostname } from "node:os";
import { lookup } from "node:dns/promises";
import { call } from "../helpers/http";
import { startServer, type RunningServer } from "../helpers/server";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { startReceiver, verifyByHand, type Receiver } from "../helpers/webhook-receiver";
import { isPublicAddress } from "@/lib/net/address-policy";

const scopes = ["email:send", "webhooks:write", "webhooks:read"];

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("URL policy as shipped", () => {
  let s: OwnServer;
  beforeAll(async () => {
    const { ALLOW_PRIVATE_WEBHOOK_URLS: _drop, ...strict } = inject("serverEnv");
    void _drop;
    s = await ownServer({ env: { ...strict, ALLOW_PRIVATE_WEBHOOK_URLS: "" }, scopes });
  }, 60_000);
  afterAll(async () => {
    await s?.sql.end();
    await s?.server.stop();
    await s?.database.drop();
  });

  const create = (url: string) => call("/api/v1/webhook-endpoints", { base: s.server.url, key: s.key, body: { url } });

  it("refuses plain http, loopback, private, link-local, CGNAT, IPv6 loopback and unique-local, IPv4-mapped IPv6 and odd IPv4 forms", async () => {
    const refused = [
      "http://93.184.216.34/hook",
      "https://127.0.0.1/",
      "https://127.1/",
      "https://2130706433/",
      "https://0x7f000001/",
      "https://0177.0.0.1/",
      "https://0x7f.1/",
      "https://10.0.0.1/",
      "https://172.16.5.4/",
      "https://192.168.1.1/",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/",
      "https://0.0.0.0/",
      "https://[::1]/",
      "https://[fc00::1]/",
      "https://[fd12:3456::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[::ffff:a9fe:a9fe]/",
      "https://localhost/",
      "https://user:pw@93.184.216.34/",
    ];
    for (const url of refused) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe("VALIDATION_ERROR");
      expect(res.body.error, url).toContain("body.url");
    }
  });

  it("names the switch that would allow a local receiver, and its docs, in the refusal", async () => {
    const hint =
      "(set ALLOW_PRIVATE_WEBHOOK_URLS=true to allow http and local or private addresses; see docs/self-hosting.md#webhooks-to-your-own-network)";
    for (const [url, reason] of [
      ["http://127.0.0.1:4555/hook", "URL must use https"],
      ["https://127.0.0.1:4555/hook", "host 127.0.0.1 is a loopback address"],
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe(`Invalid request: body.url: ${reason} ${hint}`);
    }
    // A refusal the switch would not lift says nothing of it.
    const ftp = await create("ftp://93.184.216.34/hook");
    expect(ftp.body.error).toBe("Invalid request: body.url: URL must use https");
    const credentials = await create("https://user:pw@93.184.216.34/hook");
    expect(credentials.body.error).not.toContain("ALLOW_PRIVATE_WEBHOOK_URLS");
  });

  it("refuses a hostname that resolves to a private address, on create and on update", async () => {
    const host = hostname();
    const addresses = await lookup(host, { all: true });
    expect(
      addresses.some((a) => !isPublicAddress(a.address)),
      `${host} should resolve to a non-public address here`,
    ).toBe(true);
    const res = await create(`https://${host}/hook`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(host);
    const ok = await create("https://93.184.216.34/hook");
    expect(ok.status).toBe(201);
    const patched = await call(`/api/v1/webhook-endpoints/${ok.body.data.id}`, {
      base: s.server.url,
      key: s.key,
      method: "PATCH",
      body: { url: `https://${host}/hook` },
    });
    expect(patched.status).toBe(400);
  });

  it("checks the address again at delivery time: a host that now resolves to loopback gets nothing", async () => {
    const ok = (await create("https://93.184.216.34/hook")).body.data;
    const port = new URL(receiver.url("/")).port;
    // As if DNS now pointed the accepted host at this machine (rebinding), or the row were altered.
    for (const url of [`https://localhost:${port}/rebound`, `https://127.0.0.1:${port}/rebound`]) {
      await s.sql.query(`UPDATE webhook_endpoints SET url = $1, events = '{email.sent}' WHERE id = $2`, [url, ok.id]);
      await call("/api/v1/email/send", { base: s.server.url, key: s.key, body: { to: "x@example.test", subject: "Hi", text: "x" } });
      let row: { last_error: string | null } | undefined;
      for (let i = 0; i < 50 && !row?.last_error; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = (
          await s.sql.query(`SELECT last_error FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC LIMIT 1`, [ok.id])
        ).rows[0];
      }
      expect(row?.last_error, url).toMatch(
        /^blocked by the URL policy: webhook host (cannot reach localhost: it does not resolve to a public address|127\.0\.0\.1 is a loopback address)/,
      );
    }
    expect(receiver.received.filter((r) => r.path === "/rebound")).toHaveLength(0);
  });
});

describe("durability", () => {
  it("loses no delivery when the server is killed with SIGKILL between attempts", async () => {
    const s = await ownServer({ env: { WEBHOOK_RETRY_BASE_SECONDS: "2" }, scopes });
    let restarted: RunningServer | undefined;
    try {
      const created = await call("/api/v1/webhook-endpoints", {
        base: s.server.url,
        key: s.key,
        body: { url: receiver.url("/durable"), events: ["email.sent"] },
      });
      receiver.on("/durable", { statuses: [500, 200] });
      await call("/api/v1/email/send", { base: s.server.url, key: s.key, body: { to: "x@example.test", subject: "Hi", text: "x" } });
      await receiver.waitFor("/durable", 1);
      // Wait until the failed first attempt is recorded, then kill the process outright.
      for (let i = 0; i < 50; i++) {
        const { rows } = await s.sql.query(`SELECT status, attempts FROM webhook_deliveries`);
        if (rows[0]?.status === "pending" && rows[0]?.attempts === 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await s.server.stop("SIGKILL");
      // Another event while the server is down: its row waits.
      expect((await s.sql.query(`SELECT status, attempts FROM webhook_deliveries`)).rows).toEqual([{ status: "pending", attempts: 1 }]);
      restarted = await startServer(s.serverEnv);
      const hits = await receiver.waitFor("/durable", 2, 15_000);
      expect(hits).toHaveLength(2);
      expect(hits[1].headers["x-webhook-event-id"]).toBe(hits[0].headers["x-webhook-event-id"]);
      expect(verifyByHand(hits[1], created.body.data.secret)).toBe(true);
      for (let i = 0; i < 50; i++) {
        const { rows } = await s.sql.query(`SELECT status FROM webhook_deliveries`);
        if (rows[0].status === "succeeded") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await s.sql.query(`SELECT status, attempts FROM webhook_deliveries`)).rows).toEqual([{ status: "succeeded", attempts: 2 }]);
    } finally {
      await restarted?.stop();
      await s.sql.end();
      await s.database.drop();
    }
  }, 60_000);
});
