// Provider credentials: encrypted at rest, never returned, kept when an update leaves them
// out; the live connection test talks to the provider and records health; the health
// check brings an unhealthy provider back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { newOrg } from "../helpers/factory";
import { startFakeHttpProvider, type FakeHttpProvider } from "../helpers/fake-http-provider";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { providerHealthCheckJob } from "@/lib/providers/health-check-job";

const TOKEN = "pm-server-token-1234567890";
let fake: FakeHttpProvider;
let owner: Awaited<ReturnType<typeof newOrg>>;

beforeAll(async () => {
  fake = await startFakeHttpProvider({ status: 200, body: { Name: "Transactional", ID: 1 } });
  owner = await newOrg();
});
afterAll(async () => fake.close());

async function postmark(extra: Record<string, unknown> = {}) {
  const res = await call("/api/providers", {
    cookie: owner.cookie,
    body: { name: `pm ${Math.random()}`, type: "postmark", config: { serverToken: TOKEN, baseUrl: fake.url, ...extra } },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe("provider credentials", () => {
  it("are sealed at rest and shown only as a mask", async () => {
    const p = await postmark();
    expect(p.config).toEqual({ serverToken: "********", baseUrl: fake.url });
    const row = await db().provider.findUniqueOrThrow({ where: { id: p.id } });
    expect(JSON.stringify(row.config)).not.toContain(TOKEN);
    expect(row.secretsSealed).not.toContain(TOKEN);
    expect(JSON.parse(decryptSecret(row.secretsSealed!))).toEqual({ serverToken: TOKEN });
    for (const path of ["/api/providers", `/api/providers/${p.id}`, `/api/providers/${p.id}/status`]) {
      expect(JSON.stringify((await call(path, { cookie: owner.cookie })).body)).not.toContain(TOKEN);
    }
    await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("are kept when an update leaves them out or sends the mask back, and replaced when given", async () => {
    const p = await postmark();
    const secrets = async () => JSON.parse(decryptSecret((await db().provider.findUniqueOrThrow({ where: { id: p.id } })).secretsSealed!));
    await call(`/api/providers/${p.id}`, {
      method: "PUT",
      cookie: owner.cookie,
      body: { config: { baseUrl: fake.url, messageStream: "broadcast" } },
    });
    expect(await secrets()).toEqual({ serverToken: TOKEN });
    await call(`/api/providers/${p.id}`, {
      method: "PUT",
      cookie: owner.cookie,
      body: { config: { serverToken: "********", baseUrl: fake.url } },
    });
    expect(await secrets()).toEqual({ serverToken: TOKEN });
    await call(`/api/providers/${p.id}`, {
      method: "PUT",
      cookie: owner.cookie,
      body: { config: { serverToken: "new-token", baseUrl: fake.url } },
    });
    expect(await secrets()).toEqual({ serverToken: "new-token" });
    const bad = await call(`/api/providers/${p.id}`, { method: "PUT", cookie: owner.cookie, body: { config: { baseUrl: "not a url" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("body.config.baseUrl");
    await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("a config missing a required credential is refused", async () => {
    const res = await call("/api/providers", { cookie: owner.cookie, body: { name: "x", type: "resend", config: {} } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("body.config.apiKey");
  });
});

describe("connection test and health", () => {
  it("tests live against the provider, records failure, and the health check brings it back", async () => {
    const p = await postmark();
    fake.respond({ status: 200, body: { Name: "Transactional", ID: 1 } });
    const ok = await call(`/api/providers/${p.id}/test`, { method: "POST", cookie: owner.cookie });
    expect(ok.body).toMatchObject({ success: true, latencyMs: expect.any(Number) });
    expect(fake.last().path).toBe("/server");
    expect(fake.last().headers["x-postmark-server-token"]).toBe(TOKEN);

    fake.respond({ status: 401, body: { ErrorCode: 10, Message: "Bad or missing Server API token." } });
    const failed = await call(`/api/providers/${p.id}/test`, { method: "POST", cookie: owner.cookie });
    // A custom base URL (the fake): the status, never the reply's text (docs/security.md).
    expect(failed.body).toMatchObject({ success: false, message: "Postmark answered 401" });
    const down = await call(`/api/providers/${p.id}/status`, { cookie: owner.cookie });
    expect(down.body.isHealthy).toBe(false);

    fake.respond({ status: 200, body: { Name: "Transactional", ID: 1 } });
    await providerHealthCheckJob.run({}, { jobId: "test", attempt: 1 });
    const up = await call(`/api/providers/${p.id}/status`, { cookie: owner.cookie });
    expect(up.body.isHealthy).toBe(true);
    await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: owner.cookie });
  });
});
