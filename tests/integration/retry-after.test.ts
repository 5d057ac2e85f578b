// Every 429 carries Retry-After (SPEC Limits), in whole seconds, at least 1, computed from the
// window that refused: each class of refusal is driven to 429 through real HTTP and its header
// checked against that window. (The system-mail allowance's 429 needs a system transport:
// senders.test.ts checks its Retry-After on a server with one.)
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, type CallResult } from "../helpers/http";
import { createKey, newOrg, PASSWORD } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { REGISTRATIONS_PER_HOUR } from "@/lib/oauth/registration-endpoint";
import { secondsUntilNextMonth } from "@/lib/email/message-store";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await newSink();
});
afterAll(() => sink.close());

/** The Retry-After of a 429, checked to be whole seconds within [1, most]. */
function retryAfter(res: CallResult | Response, most: number): number {
  expect(res.status).toBe(429);
  const header = res.headers.get("retry-after");
  expect(header).toMatch(/^[1-9]\d*$/);
  const seconds = Number(header);
  expect(seconds).toBeLessThanOrEqual(most);
  return seconds;
}
const secondsToMinuteEnd = () => 60 - (Math.floor(Date.now() / 1000) % 60);
/** Waits, when needed, so the next few requests land in one 60-second window. */
async function intoOneWindow() {
  const into = Date.now() % 60_000;
  if (into > 50_000) await new Promise((r) => setTimeout(r, 60_000 - into + 100));
}
const someAddress = () => `198.51.100.${1 + (randomBytes(1)[0] % 250)}`;

describe("429 answers", () => {
  it("an API key past its per-minute limit, on v1, legacy and MCP: until the window resets", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const { id, key } = await createKey(org.cookie, ["email:send", "providers:read"]);
    await db().apiKey.update({ where: { id }, data: { rateLimitPerMinute: 2 } });
    await intoOneWindow();
    expect((await call("/api/v1/providers", { key })).status).toBe(200);
    expect((await call("/api/v1/providers", { key })).status).toBe(200);
    const v1 = await call("/api/v1/providers", { key });
    expect(v1.body.code).toBe("RATE_LIMITED");
    const wait = retryAfter(v1, 60);
    expect(Math.abs(wait - (Number(v1.headers.get("x-ratelimit-reset")) - Math.floor(Date.now() / 1000)))).toBeLessThanOrEqual(1);
    expect(Math.abs(wait - secondsToMinuteEnd())).toBeLessThanOrEqual(1);
    const legacy = await call("/api/email/send", { key, body: { from: "ann@sender.test", to: "r@example.test", subject: "x", text: "x" } });
    expect(legacy.body.code).toBe("RATE_LIMITED");
    retryAfter(legacy, 60);
    const mcp = await fetch(`${inject("baseUrl")}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    retryAfter(mcp, 60);
  });

  it("QUOTA_EXCEEDED: until the month's allowance renews on the 1st", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 1);
    const { key } = await createKey(org.cookie, ["email:send"]);
    const send = () =>
      call("/api/v1/email/send", { key, body: { from: "ann@sender.test", to: "r@example.test", subject: "x", text: "x" } });
    expect((await send()).status).toBe(200);
    const over = await send();
    expect(over.body.code).toBe("QUOTA_EXCEEDED");
    const wait = retryAfter(over, 31 * 86_400);
    expect(Math.abs(wait - secondsUntilNextMonth())).toBeLessThanOrEqual(5);
    // Scheduling checks the allowance the same way.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call("/api/email/schedule", {
      key,
      body: { from: "ann@sender.test", to: "r@example.test", subject: "x", text: "x", scheduledFor: later },
    });
    expect(Math.abs(retryAfter(scheduled, 31 * 86_400) - secondsUntilNextMonth())).toBeLessThanOrEqual(5);
  });

  it("NO_PROVIDER_CAPACITY: until the provider's window has room", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await smtpProvider(org.cookie, sink, { rateLimitPerMinute: 1 });
    const { key } = await createKey(org.cookie, ["email:send"]);
    const send = () =>
      call("/api/v1/email/send", { key, body: { from: "ann@sender.test", to: "r@example.test", subject: "x", text: "x" } });
    expect((await send()).status).toBe(200);
    const full = await send();
    expect(full.body.code).toBe("NO_PROVIDER_CAPACITY");
    expect(retryAfter(full, 60)).toBeGreaterThanOrEqual(55); // a rolling minute from the first send, a moment ago
  });

  it("the second-factor throttle: until the wrong codes leave its recent windows", async () => {
    const org = await newOrg();
    expect((await call("/api/account/two-factor/setup", { cookie: org.cookie, method: "POST" })).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: "000000" } })).status).toBe(400);
    const blocked = await call("/api/account/two-factor/enable", { cookie: org.cookie, body: { code: "000000" } });
    expect(blocked.body.code).toBe("RATE_LIMITED");
    retryAfter(blocked, 600);
  });

  it("the password-change throttle: as its recent windows say (not a fixed figure)", async () => {
    const org = await newOrg();
    const change = () =>
      call("/api/account/password", {
        cookie: org.cookie,
        body: { currentPassword: "not-it-at-all", newPassword: "a brand new password 1" },
      });
    for (let i = 0; i < 10; i++) expect((await change()).status).toBe(400);
    const blocked = await change();
    expect(blocked.body.code).toBe("RATE_LIMITED");
    const wait = retryAfter(blocked, 600);
    // Ten in the current 300-second window leave room once it ends, with a new one beginning.
    const toWindowEnd = 300 - (Math.floor(Date.now() / 1000) % 300);
    expect([toWindowEnd, toWindowEnd + 300].some((w) => Math.abs(w - wait) <= 1)).toBe(true);
  });

  it("OAuth client registration: until the address's hour has room", async () => {
    const address = `192.0.2.${1 + (randomBytes(1)[0] % 250)}`;
    const register = () =>
      call("/api/oauth/register", {
        body: { redirect_uris: ["https://app.example/cb"], client_name: "Many" },
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) expect((await register()).status).toBe(201);
    const refused = await register();
    expect(refused.body.error).toBe("invalid_request");
    const wait = retryAfter(refused, 3600);
    expect(Math.abs(wait - (3600 - (Math.floor(Date.now() / 1000) % 3600)))).toBeLessThanOrEqual(1);
  });

  it("an invitation's password check, under the sign-in throttle: until the attempts leave its windows", async () => {
    const inviting = await newOrg();
    const invitee = await newOrg(); // an existing account with a password of its own choosing
    const token = randomToken();
    await db().accountLink.create({
      data: {
        kind: "invitation",
        tokenHash: sha256Hex(token),
        orgId: inviting.org.id,
        email: invitee.email,
        role: "member",
        createdBy: inviting.user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const ip = someAddress();
    const attempt = (password: string) =>
      fetch(`${inject("baseUrl")}/invite/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
        body: new URLSearchParams({ password }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await attempt("wrong password")).status).toBe(400);
    const throttled = await attempt(PASSWORD);
    retryAfter(throttled, 600);
    expect(await throttled.text()).toContain("Too many attempts");
  });
});
