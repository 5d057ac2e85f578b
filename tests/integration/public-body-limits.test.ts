// Public routes read no more of a POST body than they need: the hosted pages (/u/{token}
// unsubscribe, /senders/confirm/{token}) the 1,000 bytes their forms take (hostedPageForm; that
// it stops reading there is tests/unit/hosted-page-form.test.ts), sign-in (next-auth reads a
// body whole) 64 KiB. A 400 MB POST, generated as it is sent, is answered while the
// server's resident memory stays within 20 MB of where it started (the kernel's high-water mark
// catches a peak between samples). Read whole, it raised it by 1.2 GB.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { startServer, type RunningServer } from "../helpers/server";
import { treeHwm, treeRss } from "../helpers/process-memory";
import { call } from "../helpers/http";
import { newOrg } from "../helpers/factory";
import { signUnsubscribeToken } from "@/lib/unsubscribe/tokens";
import { signConfirmationToken } from "@/lib/senders/confirmation-token";
import { db } from "@/lib/db/client";

const MB = 1_000_000;
const form = { "content-type": "application/x-www-form-urlencoded" };

/** `total` bytes of form padding, made as the upload asks for them (never held whole here either). */
function generatedBody(total: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(inject("serverEnv"));
}, 90_000);
afterAll(async () => server?.stop());

/** POSTs 400 MB to `url` while sampling the server's memory: the answer, and the peak above the baseline. */
async function post400MB(url: string) {
  const pid = server.process.pid!;
  // Warm up: the route and its modules loaded before the baseline is taken.
  await (await fetch(url, { method: "POST", headers: form, body: "nothing=here" })).text();
  await new Promise((r) => setTimeout(r, 1_000));
  const baseline = treeRss(pid);
  const hwmBefore = treeHwm(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 50);
  const upload = new AbortController();
  let answer: { status: number; text: string };
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: form,
      body: generatedBody(400 * MB),
      duplex: "half",
      signal: upload.signal,
    } as RequestInit);
    answer = { status: res.status, text: await res.text() };
  } finally {
    upload.abort();
    clearInterval(sampler);
  }
  await new Promise((r) => setTimeout(r, 500));
  peak = Math.max(peak, treeRss(pid));
  if (treeHwm(pid) > hwmBefore) peak = Math.max(peak, treeHwm(pid));
  // The server still answers.
  expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
  return { answer, growth: peak - baseline, over: `baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB` };
}

const unknownMessage = "00000000-0000-4000-8000-000000000000";

/** The confirmation page of a new sender that waits for its owner to confirm it. */
async function senderConfirmationUrl(): Promise<{ url: string; senderId: string }> {
  const { cookie } = await newOrg();
  const email = `big-${Date.now()}@sender.example.test`;
  const res = await call("/api/v1/senders", { cookie, body: { email } });
  expect(res.status).toBe(201);
  const senderId: string = res.body.data.id;
  const token = signConfirmationToken({ senderId, email, expiresAt: new Date(Date.now() + 3_600_000) });
  return { url: `${server.url}/senders/confirm/${token}`, senderId };
}

describe("public body limits", () => {
  it("a 400 MB POST to the unsubscribe page is answered without raising the server's memory by 20 MB", { timeout: 120_000 }, async () => {
    const { answer, growth, over } = await post400MB(
      `${server.url}/u/${signUnsubscribeToken({ messageId: unknownMessage, recipient: "big@example.test" })}`,
    );
    // The page asks again: the first 1,000 bytes hold neither the button nor one-click.
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("<form");
    expect(growth, over).toBeLessThan(20 * MB);
  });

  it(
    "a 400 MB POST to the sender confirmation page is answered without raising the server's memory by 20 MB, and confirms nothing",
    { timeout: 120_000 },
    async () => {
      const { url, senderId } = await senderConfirmationUrl();
      const { answer, growth, over } = await post400MB(url);
      // The page asks again: the first 1,000 bytes hold no Confirm button.
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("<form");
      expect(growth, over).toBeLessThan(20 * MB);
      expect((await db().sender.findUniqueOrThrow({ where: { id: senderId } })).confirmedAt).toBeNull();
    },
  );

  it("a 400 MB POST to sign-in is refused with 413 without raising the server's memory by 20 MB", { timeout: 120_000 }, async () => {
    const { answer, growth, over } = await post400MB(`${server.url}/api/auth/callback/credentials`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(growth, over).toBeLessThan(20 * MB);
  });

  it("the first 1,000 bytes still decide: the one-click body followed by padding is read as one-click", async () => {
    const token = signUnsubscribeToken({ messageId: unknownMessage, recipient: "pad@example.test" });
    // Past the limit the form is cut, so the field that decides must come first, as mail clients send it.
    const res = await fetch(`${server.url}/u/${token}`, {
      method: "POST",
      headers: form,
      body: `List-Unsubscribe=One-Click&pad=${"p".repeat(5_000)}`,
    });
    // One-click was read (an unknown message is 404), not the "asks again" 400 of an unread form.
    expect(res.status).toBe(404);
    // The sender page's Confirm button likewise, ahead of padding.
    const { url, senderId } = await senderConfirmationUrl();
    const confirmed = await fetch(url, { method: "POST", headers: form, body: `confirm=yes&pad=${"p".repeat(5_000)}` });
    expect(confirmed.status).toBe(200);
    expect((await db().sender.findUniqueOrThrow({ where: { id: senderId } })).confirmedAt).not.toBeNull();
  });
});
