// scripts/webhook-receiver.mjs, the receiver README's first steps run with `node`: it accepts
// the product's real deliveries (signed with the endpoint's whsec_ secret) and refuses a request
// whose signature does not match, or that is signed with another secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer } from "node:net";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { until } from "../helpers/until";

let child: ChildProcess;
let output = "";
let port = 0;
let secret = "";
let key = "";
let endpointId = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  const org = await newOrg();
  await productionMode(org.org.id);
  key = (await createKey(org.cookie, ["email:send", "webhooks:write", "webhooks:read"])).key;
  port = await freePort();
  const created = await call("/api/v1/webhook-endpoints", { key, body: { url: `http://127.0.0.1:${port}/hook`, events: ["email.sent"] } });
  expect(created.status).toBe(201);
  secret = created.body.data.secret;
  endpointId = created.body.data.id;
  child = spawn(process.execPath, ["scripts/webhook-receiver.mjs", secret], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await until(
    async () => output,
    (o) => o.includes("Listening on"),
    { timeoutMs: 10_000 },
  );
});

afterAll(() => {
  child?.kill();
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(`http://127.0.0.1:${port}/hook`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

const sign = (key: string, id: string, ts: string, body: string) =>
  `v1,${createHmac("sha256", key).update(`${id}.${ts}.${body}`).digest("base64")}`;

describe("scripts/webhook-receiver.mjs", () => {
  it("verifies a real delivery from Mailroom and answers 200, which the delivery records", async () => {
    const sent = await call("/api/v1/email/send", { key, body: { to: "reader@example.test", subject: "Hi", text: "x" } });
    expect(sent.status).toBe(200);
    const seen = await until(
      async () => output,
      (o) => o.includes(`✓ verified email.sent for reader@example.test (email ${sent.body.data.id})`),
    );
    expect(seen).toContain(`✓ verified email.sent for reader@example.test (email ${sent.body.data.id})`);
    const deliveries = await until(
      async () => (await call(`/api/v1/webhook-endpoints/${endpointId}`, { key })).body.data,
      (e) => e.lastSuccessAt !== null,
    );
    expect(deliveries.lastSuccessAt).not.toBeNull();
    expect(deliveries.failureCount).toBe(0);
  });

  it("refuses a bad signature, another secret's signature and a stale timestamp with 401", async () => {
    const body = JSON.stringify({ type: "email.sent", recipient: "forged@example.test" });
    const id = "msg_forged";
    const now = String(Math.floor(Date.now() / 1000));
    const cases: [string, Record<string, string>, string][] = [
      [
        "tampered",
        {
          "x-webhook-id": id,
          "x-webhook-timestamp": now,
          "x-webhook-signature": sign(secret.slice(6), id, now, body.replace("forged", "other")),
        },
        "signature does not match",
      ],
      [
        "other secret",
        { "x-webhook-id": id, "x-webhook-timestamp": now, "x-webhook-signature": sign("not-the-secret", id, now, body) },
        "signature does not match",
      ],
      [
        "stale",
        {
          "x-webhook-id": id,
          "x-webhook-timestamp": String(Number(now) - 3600),
          "x-webhook-signature": sign(secret.slice(6), id, String(Number(now) - 3600), body),
        },
        "timestamp more than 5 minutes away",
      ],
    ];
    for (const [name, headers, why] of cases) {
      const res = await post(body, headers);
      expect(res.status, name).toBe(401);
      expect(await res.text(), name).toBe(why);
    }
    expect(output).not.toContain("forged@example.test");
    // The same request signed correctly passes: the refusals were the signature's doing.
    const good = await post(body, {
      "x-webhook-id": id,
      "x-webhook-timestamp": now,
      "x-webhook-signature": sign(secret.slice(6), id, now, body),
    });
    expect(good.status).toBe(200);
  });
});
