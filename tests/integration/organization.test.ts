// GET/PATCH /api/v1/organization: settings, the allowance in force and this month's use of it,
// for every role to read and owners and admins to change.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { db } from "@/lib/db/client";

const firstOfNextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

describe("organization", () => {
  it("shows the plan's allowance, this month's sends counted against it, when it renews and the provider quota", async () => {
    const org = await newOrg();
    const before = await call("/api/v1/organization", { cookie: org.cookie });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ plan: "free", monthlySendAllowance: 1000, sendsThisMonth: 0, allowanceResetsAt: firstOfNextMonth(), providerQuota: 2 });

    await productionMode(org.org.id, 1000);
    await db().organization.update({ where: { id: org.org.id }, data: { monthlySendAllowance: null } });
    const { key } = await createKey(org.cookie, ["email:send"]);
    for (let i = 0; i < 2; i++) {
      const sent = await call("/api/v1/email/send", { key, body: { to: `reader${i}@example.com`, subject: "Counted", text: "x" } });
      expect(sent.status).toBe(200);
    }
    // Refused sends do not count.
    await db().organization.update({ where: { id: org.org.id }, data: { sendMode: "test" } });
    expect((await call("/api/v1/email/send", { key, body: { to: "stranger@example.com", subject: "Refused", text: "x" } })).status).toBe(403);
    const after = await call("/api/v1/organization", { cookie: org.cookie });
    expect(after.body.data).toMatchObject({ sendsThisMonth: 2, monthlySendAllowance: 1000 });
  });

  it("every role reads it; only owners and admins change it, and the change is audited", async () => {
    const org = await newOrg();
    const viewer = await addMemberAs(org.cookie, "viewer");
    const member = await addMemberAs(org.cookie, "member");
    expect((await call("/api/v1/organization", { cookie: viewer.cookie })).status).toBe(200);
    const refused = await call("/api/v1/organization", { method: "PATCH", cookie: member.cookie, body: { name: "Taken over" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PERMISSION_DENIED");
    const renamed = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { name: "Renamed", trackingEnabled: false } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Renamed", trackingEnabled: false, sendsThisMonth: 0 });
    expect(await db().auditLog.count({ where: { orgId: org.org.id, action: "organization.updated" } })).toBe(1);
    const empty = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { name: "  " } });
    expect(empty.status).toBe(400);
  });
});
