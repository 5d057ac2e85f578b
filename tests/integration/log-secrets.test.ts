// The server's log through a run of everything that handles a secret — sign-in (right and
// wrong), API keys (good, revoked, forged), SMTP credentials that work and that fail, webhook
// secrets and their rotation with failing deliveries, the staff token, OAuth client secrets,
// codes and tokens, two-factor secrets — holds none of them; and each API request left one
// structured line with its request id, organization and route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { signIn } from "../helpers/sign-in";
import { newSink } from "../helpers/sending";
import { SINK_PASSWORD, SINK_USER } from "../helpers/test-secrets";
import type { SmtpSink } from "../helpers/smtp-sink";
import { connectApp, refresh } from "../helpers/oauth-app";
import { findSecrets } from "../helpers/log-secrets";
import { inject } from "vitest";

let own: OwnServer;
let sink: SmtpSink;
let receiver: Server;
const secrets: string[] = [];

beforeAll(async () => {
  sink = await newSink();
  receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(500).end("no")));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  own = await ownServer({ scopes: ["*"] });
  secrets.push(own.key, own.cookie.split("=").slice(1).join("="));
});

afterAll(async () => {
  await own?.close("SIGKILL");
  await sink?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

describe("the log of a run", () => {
  it("holds no secret, and one structured line per API request", async () => {
    const base = own.server.url;
    const { cookie, key } = own;
    const env = inject("serverEnv");

    // Sign-in: wrong, then right.
    expect((await signIn(inject("ownerEmail"), "wrong-password-1", base)).status).toBe(401);
    expect((await signIn(inject("ownerEmail"), inject("ownerPassword"), base)).status).toBe(200);
    // Keys: a forged one of the right shape, and a revoked one.
    const forged = `mr_${randomBytes(32).toString("base64url")}`;
    expect((await call("/api/v1/providers", { base, key: forged })).status).toBe(401);
    const revoked = await call("/api/api-keys", { base, cookie, body: { name: "revoked", scopes: ["providers:read"] } });
    secrets.push(revoked.body.key);
    await call(`/api/api-keys/${revoked.body.id}`, { base, cookie, method: "DELETE" });
    expect((await call("/api/v1/providers", { base, key: revoked.body.key })).status).toBe(401);

    // SMTP with credentials that work, then a provider whose password the server refuses.
    await own.sql.query(`UPDATE organizations SET plan = 'enterprise'`);
    const good = await call("/api/providers", {
      base,
      cookie,
      body: {
        name: "sink",
        type: "smtp",
        priority: 1,
        config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
      },
    });
    expect(good.status).toBe(201);
    const badPassword = `wrong-${randomBytes(8).toString("hex")}`;
    secrets.push(badPassword);
    const bad = await call("/api/providers", {
      base,
      cookie,
      body: {
        name: "bad",
        type: "smtp",
        priority: 0,
        config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: badPassword },
      },
    });
    expect(bad.status).toBe(201);
    expect((await call(`/api/providers/${bad.body.id}/test`, { base, cookie, method: "POST" })).body.success).toBe(false);
    const resendKey = `re_${randomBytes(16).toString("hex")}`;
    secrets.push(resendKey);
    expect(
      (
        await call("/api/providers", {
          base,
          cookie,
          body: { name: "resend", type: "resend", isActive: false, config: { apiKey: resendKey } },
        })
      ).status,
    ).toBe(201);
    const sent = await call("/api/v1/email/send", {
      base,
      key,
      body: { from: "ann@sender.test", to: "someone@example.test", subject: "Hello", text: "hi" },
    });
    expect(sent.status).toBe(200);
    expect(sink.messages).toHaveLength(1); // failed over from the refused password

    // Webhook secrets: created, rotated, deliveries failing.
    const port = (receiver.address() as { port: number }).port;
    const endpoint = await call("/api/v1/webhook-endpoints", {
      base,
      key,
      body: { url: `http://127.0.0.1:${port}/hook`, events: ["email.sent"] },
    });
    secrets.push(endpoint.body.data.secret);
    const rotated = await call(`/api/v1/webhook-endpoints/${endpoint.body.data.id}/rotate-secret`, { base, key, method: "POST" });
    secrets.push(rotated.body.data.secret);
    expect((await call(`/api/webhook-endpoints/${endpoint.body.data.id}/test`, { base, cookie, method: "POST" })).status).toBeLessThan(500);

    // The staff token, right and wrong.
    expect(
      (await call(`/api/internal/organizations?email=${encodeURIComponent(inject("ownerEmail"))}`, { base, key: env.STAFF_API_TOKEN }))
        .status,
    ).toBe(200);
    expect((await call("/api/internal/organizations?email=x%40example.test", { base, key: `${env.STAFF_API_TOKEN}x` })).status).toBe(401);

    // OAuth: a confidential app's secret, a public app's code exchange and refresh.
    const app = await call("/api/oauth-apps", {
      base,
      cookie,
      body: { name: "Server app", redirectUris: ["https://app.example.test/cb"], scopes: ["analytics:read"], confidential: true },
    });
    expect(app.status).toBe(201);
    secrets.push(app.body.clientSecret);
    const { as, client, tokens } = await connectApp(cookie, "analytics:read", undefined, base);
    secrets.push(tokens.access_token, tokens.refresh_token!);
    const renewed = await refresh(as, client, tokens.refresh_token!);
    secrets.push(renewed.access_token, renewed.refresh_token!);
    expect((await call("/api/v1/analytics/summary", { base, key: renewed.access_token })).status).toBe(200);

    // Two-factor: the secret shown once, a wrong code.
    const setup = await call("/api/account/two-factor/setup", { base, cookie, method: "POST" });
    secrets.push(setup.body.secret);
    expect((await call("/api/account/two-factor/enable", { base, cookie, body: { code: "000000" } })).status).toBe(400);

    await own.server.stop("SIGTERM");
    const log = own.server.output();
    expect(
      findSecrets(log, [...secrets, env.AUTH_SECRET, env.ENCRYPTION_KEY, env.STAFF_API_TOKEN, inject("ownerPassword"), SINK_PASSWORD]),
    ).toEqual([]);

    // Structured lines: the send's request carries its id, organization and route.
    const lines = log
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const orgId = (await own.sql.query(`SELECT id::text FROM organizations LIMIT 1`)).rows[0].id;
    expect(lines.find((l) => l.requestId === sent.headers.get("x-request-id"))).toMatchObject({
      level: "info",
      msg: "request",
      route: "POST /api/v1/email/send",
      orgId,
      method: "POST",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(lines.some((l) => l.route === "POST /api/v1/webhook-endpoints" && l.status === 201 && l.orgId === orgId)).toBe(true);
    expect(lines.filter((l) => l.msg === "request" && l.status === 401).length).toBeGreaterThanOrEqual(3);
  });
});
