// An organization's own retention through PATCH /api/v1/organization `retention`: shown per kind
// with the instance's ceiling, shortened by owners, admins and keys with org:write, refused (and
// nothing changed) past the instance's setting or when not a whole number of days, reset with
// null, and audited.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const URL = "/api/v1/organization";
const KINDS = ["events", "webhookDeliveries", "audit", "messageBodies"];

describe("an organization's retention", () => {
  it("shows each kind with the instance's ceiling; a key with org:write shortens it and null restores the instance's", async () => {
    const org = await newOrg();
    const key = (await createKey(org.cookie, ["org:read", "org:write"])).key;
    const shown = (await call(URL, { key })).body.data.retention;
    expect(Object.keys(shown)).toEqual(KINDS);
    for (const kind of KINDS) {
      expect(shown[kind]).toMatchObject({ organizationDays: null, what: expect.any(String) });
      expect(shown[kind].days).toBe(shown[kind].instanceDays);
    }
    const bodies = shown.messageBodies.instanceDays as number;

    const changed = await call(URL, { method: "PATCH", key, body: { retention: { messageBodies: 1, events: 7 } } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.retention.messageBodies).toMatchObject({ days: 1, organizationDays: 1, instanceDays: bodies });
    expect(changed.body.data.retention.events).toMatchObject({ days: 7, organizationDays: 7 });
    expect(changed.body.data.retention.audit.organizationDays).toBeNull();
    const row = await db().organization.findUniqueOrThrow({ where: { id: org.org.id } });
    expect(row).toMatchObject({ retentionMessageBodiesDays: 1, retentionEventsDays: 7, retentionAuditDays: null });
    const entry = await db().auditLog.findFirstOrThrow({ where: { orgId: org.org.id, action: "organization.updated" } });
    expect(entry.metadata).toMatchObject({ retention: { messageBodies: 1, events: 7 } });

    const reset = await call(URL, { method: "PATCH", key, body: { retention: { messageBodies: null } } });
    expect(reset.body.data.retention.messageBodies).toMatchObject({ days: bodies, organizationDays: null });
    expect(reset.body.data.retention.events.organizationDays).toBe(7);
  });

  it("refuses to keep longer than the instance, or anything but whole days, and changes nothing", async () => {
    const org = await newOrg();
    const instance = (await call(URL, { cookie: org.cookie })).body.data.retention.audit.instanceDays as number;
    const longer = await call(URL, { method: "PATCH", cookie: org.cookie, body: { retention: { audit: instance + 1, events: 3 } } });
    expect(longer.status).toBe(400);
    expect(longer.body).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining(`at most ${instance} days`) });
    expect(longer.body.error).toContain("body.retention.audit");
    for (const retention of [{ events: 0 }, { events: -1 }, { events: 1.5 }, { events: "7" }, { events: 36_501 }, { forever: 7 }, []]) {
      const res = await call(URL, { method: "PATCH", cookie: org.cookie, body: { retention } });
      expect(res.status, JSON.stringify(retention)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    const row = await db().organization.findUniqueOrThrow({ where: { id: org.org.id } });
    expect([row.retentionEventsDays, row.retentionAuditDays]).toEqual([null, null]);
    expect(await db().auditLog.count({ where: { orgId: org.org.id, action: "organization.updated" } })).toBe(0);
  });

  it("only owners, admins and keys with org:write change it; a key bound to a project may not", async () => {
    const org = await newOrg();
    const body = { retention: { events: 3 } };
    const member = await addMemberAs(org.cookie, "member");
    expect((await call(URL, { method: "PATCH", cookie: member.cookie, body })).body.code).toBe("PERMISSION_DENIED");
    const reader = (await createKey(org.cookie, ["org:read"])).key;
    expect((await call(URL, { method: "PATCH", key: reader, body })).body.code).toBe("SCOPE_DENIED");
    const bound = (await createKey(org.cookie, ["org:write"], { projectId: org.project.id })).key;
    expect((await call(URL, { method: "PATCH", key: bound, body })).status).toBe(403);
    const admin = await addMemberAs(org.cookie, "admin");
    expect((await call(URL, { method: "PATCH", cookie: admin.cookie, body })).body.data.retention.events.organizationDays).toBe(3);
  });
});
