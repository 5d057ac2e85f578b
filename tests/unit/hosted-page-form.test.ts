// hostedPageForm (lib/http/hosted-page.ts), the form read of the public hosted pages (unsubscribe,
// sender confirmation, invitations, password resets): it takes the first 1,000 bytes and cancels
// the upload there, so a large POST is never read whole. tests/integration/public-body-limits.test.ts
// watches the server's memory under a 400 MB POST to the pages themselves.
import { describe, expect, it } from "vitest";
import { HOSTED_FORM_LIMIT, hostedPageForm } from "@/lib/http/hosted-page";

const CHUNK = 16 * 1024;

/** A POST whose body is made as it is read: `first`, then padding without end; it counts what was taken and whether it was cancelled. */
function endlessPost(first: string) {
  const seen = { bytes: 0, cancelled: false };
  const padding = new TextEncoder().encode("x".repeat(CHUNK));
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = started ? padding : new TextEncoder().encode(first.padEnd(CHUNK, "x"));
      started = true;
      seen.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const req = new Request("http://localhost/u/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
    duplex: "half",
  } as RequestInit);
  return { req, seen };
}

describe("hostedPageForm", () => {
  it("reads the first 1,000 bytes of an endless POST, then cancels the upload", async () => {
    const { req, seen } = endlessPost("List-Unsubscribe=One-Click&pad=");
    const form = await hostedPageForm(req);
    expect(form.get("List-Unsubscribe")).toBe("One-Click");
    // The padding field holds only what fits in the limit.
    expect(form.get("pad")!.length).toBe(HOSTED_FORM_LIMIT - "List-Unsubscribe=One-Click&pad=".length);
    expect(seen.cancelled).toBe(true);
    // What the stream had queued ahead of the reader, and not a byte more.
    expect(seen.bytes).toBeLessThanOrEqual(2 * CHUNK);
  });

  it("a field that starts past the limit is not read", async () => {
    const { req, seen } = endlessPost(`pad=${"p".repeat(HOSTED_FORM_LIMIT)}&confirm=yes`);
    const form = await hostedPageForm(req);
    expect(form.get("confirm")).toBeNull();
    expect(seen.cancelled).toBe(true);
  });

  it("a small form is read whole", async () => {
    const req = new Request("http://localhost/u/token", { method: "POST", body: "confirm=yes" });
    expect((await hostedPageForm(req)).get("confirm")).toBe("yes");
  });
});
