// Two-factor (TOTP) for dashboard users, and its use: a production send above the
// organization's threshold needs a fresh second factor.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { currentCode } from "@/lib/two-factor/totp";
import { db } from "@/lib/db/client";

const STEP = 30_000;

async function enroll(cookie: string) {
  const setup = await call("/api/account/two-factor/setup", { cookie, method: "POST" });
  expect(setup.status).toBe(200);
  return setup.body as { secret: string; otpauthUrl: string };
}

describe("two-factor enrollment", () => {
  it("enrolls with a secret shown once and sealed at rest, then enables with a code", async () => {
    const org = await newOrg();
    expect((await call("/api/account/two-factor", { cookie: org.cookie })).body).toEqual({
      enabled: false,
      verifiedAt: null,
      freshUntil: null,
    });
    const { secret, otpauthUrl } = await enroll(org.cookie);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Mailroom:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const row = await db().user.findUniqueOrThrow({ where: { id: org.user.id } });
    expect(row.totpSecretSealed).not.toContain(secret);
    expect((await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: "000000" } })).status).toBe(400);
    const on = await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: currentCode(secret) } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, verifiedAt: expect.any(String), freshUntil: expect.any(String) });
    expect((await call("/api/account/two-factor/setup", { cookie: org.cookie, method: "POST" })).status).toBe(409);
  });

  it("accepts a code once: the same code again is refused", async () => {
    const org = await newOrg();
    const { secret } = await enroll(org.cookie);
    const code = currentCode(secret);
    expect((await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code } })).status).toBe(200);
    const replay = await call("/api/account/two-factor/verify", { cookie: org.cookie, body: { code } });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatch(/already used/);
    const next = await call("/api/account/two-factor/verify", {
      cookie: org.cookie,
      body: { code: currentCode(secret, Date.now() + STEP) },
    });
    expect(next.status).toBe(200);
  });

  it("throttles wrong codes: after 10, even a right one is refused for a while", async () => {
    const org = await newOrg();
    const { secret } = await enroll(org.cookie);
    for (let i = 0; i < 10; i++)
      expect(
        (await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: "123456" } })).status,
      ).toBeGreaterThanOrEqual(400);
    const blocked = await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: currentCode(secret) } });
    expect(blocked.status).toBe(429);
    expect((await call("/api/account/two-factor", { cookie: org.cookie })).body.enabled).toBe(false);
  });

  it("counts each code before checking it: of a concurrent burst of 30 wrong codes, exactly 10 are checked", async () => {
    const org = await newOrg();
    await enroll(org.cookie);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: "123456" } })),
    );
    expect(burst.filter((r) => r.status === 400)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it("validates the code's shape, refuses keys, and disables with a code", async () => {
    const org = await newOrg();
    const { secret } = await enroll(org.cookie);
    for (const code of ["12345", "abcdef", 123456]) {
      expect((await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code } })).status).toBe(400);
    }
    const { key } = await createKey(org.cookie, ["*"]);
    expect((await call("/api/account/two-factor", { key })).body.code).toBe("SESSION_ONLY");
    await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: currentCode(secret) } });
    const off = await call("/api/account/two-factor/disable", {
      cookie: org.cookie,
      body: { code: currentCode(secret, Date.now() + STEP) },
    });
    expect(off.body).toEqual({ enabled: false, verifiedAt: null, freshUntil: null });
  });
});

describe("bulk sends from the dashboard", () => {
  it("need a fresh second factor above the threshold", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 1 } });
    const body = { to: ["a@example.test", "b@example.test"], subject: "Hi", text: "x" };
    const without = await call("/api/email/send", { cookie: org.cookie, body });
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({ code: "BULK_SEND_REQUIRES_2FA", error: expect.stringMatching(/second factor/) });

    const { secret } = await enroll(org.cookie);
    await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: currentCode(secret) } });
    expect((await call("/api/email/send", { cookie: org.cookie, body })).status).toBe(200);

    // Ten minutes later the factor is no longer fresh; verifying again restores it.
    await db().user.update({ where: { id: org.user.id }, data: { totpVerifiedAt: new Date(Date.now() - 11 * 60_000) } });
    expect((await call("/api/email/send", { cookie: org.cookie, body })).status).toBe(403);
    await call("/api/account/two-factor/verify", { cookie: org.cookie, body: { code: currentCode(secret, Date.now() + STEP) } });
    expect((await call("/api/email/send", { cookie: org.cookie, body })).status).toBe(200);
    // At or under the threshold no second factor is asked for.
    await db().user.update({ where: { id: org.user.id }, data: { totpVerifiedAt: null } });
    expect((await call("/api/email/send", { cookie: org.cookie, body: { ...body, to: "a@example.test" } })).status).toBe(200);
  });
});
