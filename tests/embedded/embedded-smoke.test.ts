// The product on its embedded database (no DATABASE_URL): first start migrates and creates
// the owner, the main flows work, and a restart keeps everything without migrating again.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { startServer, type RunningServer } from "../helpers/server";
import { call } from "../helpers/http";
import { signIn, signInOrThrow } from "../helpers/sign-in";
import { startReceiver, verifyByHand } from "../helpers/webhook-receiver";

let server: RunningServer;
let base: string;
let cookie: string;

beforeAll(async () => {
  server = await startServer(inject("serverEnv"));
  base = server.url;
  cookie = await signInOrThrow(inject("ownerEmail"), inject("ownerPassword"), base);
});

afterAll(async () => {
  await server?.stop();
});

describe("embedded database", () => {
  it("stores the database under the data folder, migrated on first start", async () => {
    expect(existsSync(path.join(inject("dataDir"), "pglite", "PG_VERSION"))).toBe(true);
    expect(server.output()).toMatch(/migrations applied/);
    expect((await call("/api/health", { base })).body).toEqual({ status: "ok", database: "ok" });
  });

  it("runs the key, project and member flows", async () => {
    const key = await call("/api/api-keys", { base, cookie, body: { name: "smoke", scopes: ["org:read", "org:write"] } });
    expect(key.status).toBe(201);
    const first = await call("/api/v1/organization", { base, key: key.body.key });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("59");
    expect((await call("/api/v1/organization", { base, key: key.body.key })).headers.get("x-ratelimit-remaining")).toBe("58");

    const project = await call("/api/v1/projects", { base, key: key.body.key, body: { name: "Embedded" } });
    expect(project.status).toBe(201);
    const list = await call("/api/v1/projects", { base, key: key.body.key });
    expect(list.body.pagination.total).toBe(2);

    const member = await call("/api/org/members", {
      base,
      cookie,
      body: { email: "viewer@example.test", role: "viewer", password: "viewer-password" },
    });
    expect(member.status).toBe(201);
    const viewer = await signInOrThrow("viewer@example.test", "viewer-password", base);
    expect((await call("/api/v1/projects", { base, cookie: viewer, body: { name: "no" } })).status).toBe(403);

    // A send through the demo provider: test mode, so the recipient goes on a test list first.
    const sender = await call("/api/api-keys", { base, cookie, body: { name: "send", scopes: ["email:send"] } });
    await call("/api/safety/test-lists", { base, cookie, body: { name: "me", emails: ["me@example.test"] } });
    const sent = await call("/api/v1/email/send", {
      base,
      key: sender.body.key,
      body: { to: "Me <me@example.test>", cc: ["me@example.test"], subject: "Embedded", text: "Hi" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "sent", provider: "demo" });
    const refused = await call("/api/v1/email/send", {
      base,
      key: sender.body.key,
      body: { to: "other@example.test", subject: "x", text: "y" },
    });
    expect(refused.body.code).toBe("TEST_MODE_RECIPIENT");
    const audit = await call(`/api/audit?projectId=${list.body.data.find((p: { isDefault: boolean }) => p.isDefault).id}`, {
      base,
      cookie,
    });
    expect(audit.body.entries.map((e: { outcome: string }) => e.outcome)).toEqual(expect.arrayContaining(["sent", "refused_test_mode"]));

    expect((await call(`/api/api-keys/${key.body.id}`, { base, cookie, method: "DELETE" })).status).toBe(200);
    expect((await call("/api/v1/organization", { base, key: key.body.key })).body).toEqual({ error: "Invalid API key" });
  });

  it("delivers signed webhooks of a send and of the demo provider's events", async () => {
    const receiver = await startReceiver();
    try {
      const key = (await call("/api/api-keys", { base, cookie, body: { name: "hooks", scopes: ["email:send", "webhooks:write"] } })).body
        .key;
      const hook = await call("/api/v1/webhook-endpoints", {
        base,
        key,
        body: { url: receiver.url("/embedded"), events: ["email.sent", "email.delivered"] },
      });
      expect(hook.status).toBe(201);
      const sent = await call("/api/v1/email/send", { base, key, body: { to: "me@example.test", subject: "Hooks", text: "Hi" } });
      expect(sent.status).toBe(200);
      // Events of the earlier test's send may arrive too: this send's are the ones checked.
      const ours = () => receiver.received.filter((h) => JSON.parse(h.body).email_id === sent.body.data.id);
      for (let i = 0; i < 150 && ours().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(
        ours()
          .map((h) => JSON.parse(h.body).type)
          .sort(),
      ).toEqual(["email.delivered", "email.sent"]);
      for (const h of ours()) expect(verifyByHand(h, hook.body.data.secret)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("keeps everything across a restart, without migrating or bootstrapping again", async () => {
    await server.stop();
    server = await startServer(inject("serverEnv"));
    base = server.url;
    expect(server.output()).not.toMatch(/migrations applied|created owner/);
    const again = await signInOrThrow(inject("ownerEmail"), inject("ownerPassword"), base);
    const projects = await call("/api/v1/projects", { base, cookie: again });
    expect(projects.body.data.map((p: { name: string }) => p.name)).toEqual(["Default", "Embedded"]);
    expect((await signIn("viewer@example.test", "viewer-password", base)).cookie).toBeTruthy();
  });
});
