// /api/v1/webhook-endpoints exactly as SPEC: CRUD in the envelope, the secret only at
// creation and rotation, subscriptions, scopes, project scoping and 404 for others' endpoints.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const path = "/api/v1/webhook-endpoints";
const url = "https://hooks.example.test/mailroom"; // ALLOW_PRIVATE_WEBHOOK_URLS is on in the shared servers: no DNS needed

describe("webhook endpoints", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
    key = (await createKey(org.cookie, ["webhooks:read", "webhooks:write"])).key;
  });

  it("creates with 201, the whsec_ secret only in this response, and SPEC's initial state", async () => {
    const res = await call(path, { key, body: { url, description: "Orders", events: ["email.delivered", "email.bounced"] } });
    expect(res.status).toBe(201);
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      url,
      description: "Orders",
      events: ["email.delivered", "email.bounced"],
      projectId: null,
      isActive: true,
      failureCount: 0,
      maxFailures: 5,
      lastSuccessAt: null,
      lastFailureAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.secretSealed).not.toContain(res.body.data.secret.slice(6)); // sealed at rest
    const got = await call(`${path}/${res.body.data.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty("secret");
    expect(got.body.data).toEqual({ ...res.body.data, secret: undefined });
  });

  it('treats an omitted events field, [] and ["*"] alike: every event', async () => {
    for (const events of [undefined, [], ["*"], ["*", "email.sent"]]) {
      const res = await call(path, { key, body: { url, ...(events ? { events } : {}) } });
      expect(res.status).toBe(201);
      expect(res.body.data.events).toEqual([]);
    }
  });

  it("accepts only known event types (contact.* and domain.* included) and validates every field", async () => {
    expect((await call(path, { key, body: { url, events: ["contact.suppressed", "domain.verified", "domain.failed"] } })).status).toBe(201);
    const cases: [unknown, string][] = [
      [{ url, events: ["email.exploded"] }, "body.events.0"],
      [{ url, events: "email.sent" }, "body.events"],
      [{ events: ["email.sent"] }, "body.url"],
      [{ url: "not a url" }, "body.url"],
      [{ url: "ftp://example.test/x" }, "body.url"],
      [{ url, description: 5 }, "body.description"],
      [{ url, isActive: false }, "body"],
      [{ url, projectId: "nope" }, "body.projectId"],
    ];
    for (const [body, where] of cases) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain(where);
    }
  });

  it("lists newest first with pagination (perPage default 25) and never shows secrets", async () => {
    const other = await newOrg();
    const k = (await createKey(other.cookie, ["webhooks:read", "webhooks:write"])).key;
    for (let i = 0; i < 3; i++) await call(path, { key: k, body: { url: `${url}/${i}` } });
    const first = await call(`${path}?perPage=2`, { key: k });
    expect(first.body.pagination).toEqual({ page: 1, perPage: 2, total: 3 });
    expect(first.body.data.map((e: { url: string }) => e.url)).toEqual([`${url}/2`, `${url}/1`]);
    expect(first.body.data.every((e: object) => !("secret" in e))).toBe(true);
    const all = await call(path, { key: k });
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect((await call(`${path}?page=2&perPage=2`, { key: k })).body.data).toHaveLength(1);
    expect((await call(`${path}?perPage=0`, { key: k })).status).toBe(400);
    expect((await call(`${path}?limit=5`, { key: k })).status).toBe(400);
  });

  it("PATCH changes only what it names; isActive true resets failureCount", async () => {
    const created = (await call(path, { key, body: { url, description: "keep", events: ["email.sent"] } })).body.data;
    const patched = await call(`${path}/${created.id}`, { key, method: "PATCH", body: { description: "changed" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ url, description: "changed", events: ["email.sent"], isActive: true });
    await db().webhookEndpoint.update({ where: { id: created.id }, data: { isActive: false, failureCount: 5 } });
    const enabled = await call(`${path}/${created.id}`, { key, method: "PATCH", body: { isActive: true } });
    expect(enabled.body.data).toMatchObject({ isActive: true, failureCount: 0, description: "changed" });
    const events = await call(`${path}/${created.id}`, { key, method: "PATCH", body: { events: ["*"], url: `${url}/v2` } });
    expect(events.body.data).toMatchObject({ events: [], url: `${url}/v2` });
    expect((await call(`${path}/${created.id}`, { key, method: "PATCH", body: { secret: "whsec_x" } })).status).toBe(400);
    expect((await call(`${path}/${created.id}`, { key, method: "PATCH", body: { events: ["nope"] } })).status).toBe(400);
  });

  it("deletes; afterwards, and for another organization's endpoint, 404", async () => {
    const created = (await call(path, { key, body: { url } })).body.data;
    const stranger = await newOrg();
    const strangerKey = (await createKey(stranger.cookie, ["webhooks:read", "webhooks:write"])).key;
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await call(`${path}/${created.id}`, {
        key: strangerKey,
        method,
        ...(method === "PATCH" ? { body: { description: "x" } } : {}),
      });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await call(`${path}/${created.id}/rotate-secret`, { key: strangerKey, method: "POST" })).status).toBe(404);
    const deleted = await call(`${path}/${created.id}`, { key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: created.id, deleted: true });
    expect((await call(`${path}/${created.id}`, { key })).status).toBe(404);
    expect((await call(`${path}/not-a-uuid`, { key })).status).toBe(400);
  });

  it("rotates the secret: a new whsec_ shown once, the old one kept for 24 hours", async () => {
    const created = (await call(path, { key, body: { url } })).body.data;
    const rotated = await call(`${path}/${created.id}/rotate-secret`, { key, method: "POST" });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await call(`${path}/${created.id}`, { key })).body.data).not.toHaveProperty("secret");
    const audit = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: created.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["webhook_endpoint.created", "webhook_endpoint.secret_rotated"]);
  });

  it("needs webhooks:read to read and webhooks:write to change; sessions need the matching permission", async () => {
    const reader = (await createKey(org.cookie, ["webhooks:read"])).key;
    expect((await call(path, { key: reader })).status).toBe(200);
    const denied = await call(path, { key: reader, body: { url } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("SCOPE_DENIED");
    expect((await call(path, { key: (await createKey(org.cookie, ["email:send"])).key })).status).toBe(403);
    expect((await call(path)).status).toBe(401);
    const viewer = await addMemberAs(org.cookie, "viewer");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(path, { cookie: viewer.cookie, body: { url } })).status).toBe(403);
    expect((await call(path, { cookie: org.cookie, body: { url } })).status).toBe(201);
  });

  it("scopes an endpoint to a project; a project-bound key sees and creates only its project's endpoints", async () => {
    const project = (await call("/api/projects", { cookie: org.cookie, body: { name: `Hooks ${Date.now()}` } })).body;
    const scoped = await call(path, { key, body: { url, projectId: project.id } });
    expect(scoped.body.data.projectId).toBe(project.id);
    const bound = (await createKey(org.cookie, ["webhooks:read", "webhooks:write"], { projectId: project.id })).key;
    const list = await call(path, { key: bound });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([scoped.body.data.id]);
    const own = await call(path, { key: bound, body: { url } });
    expect(own.body.data.projectId).toBe(project.id);
    expect((await call(path, { key: bound, body: { url, projectId: org.project.id } })).status).toBe(404);
    const orgWide = (await call(path, { key, body: { url } })).body.data;
    expect((await call(`${path}/${orgWide.id}`, { key: bound })).status).toBe(404);
    expect((await call(path, { key, body: { url, projectId: (await newOrg()).project.id } })).body.code).toBe("PROJECT_NOT_FOUND");
  });
});
