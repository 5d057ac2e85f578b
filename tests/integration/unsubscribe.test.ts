// One-click unsubscribe (RFC 8058) end to end: marketing mail carries List-Unsubscribe and
// List-Unsubscribe-Post with a signed link; the hosted page asks first; a real HTTP POST as a
// mail client sends it unsubscribes: an email.unsubscribed event, the address suppressed, and
// the next send to it refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

let org: Awaited<ReturnType<typeof newOrg>>;
let sink: SmtpSink;
let key: string;

beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  sink = await newSink();
  await smtpProvider(org.cookie, sink);
  key = (await createKey(org.cookie, ["email:send"])).key;
});
afterAll(() => sink?.close());

/** The message's header lines as sent (unfolded), by lower-cased name: mailparser turns List-* into its own structure. */
function rawHeaders(raw: Buffer): Map<string, string> {
  const head = raw
    .toString("utf8")
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, " ");
  return new Map(
    head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
}

async function sendAndRead(body: Record<string, unknown>) {
  const res = await call("/api/v1/email/send", { key, body: { from: "news@acme.test", subject: "News", text: "Hello", ...body } });
  expect(res.status).toBe(200);
  const raw = sink.messages.at(-1)!.raw;
  expect((await simpleParser(raw)).subject).toBe(body.subject ?? "News");
  return { id: res.body.data.id as string, headers: rawHeaders(raw) };
}

const unsubscribeUrl = (header: string | undefined) => {
  const m = /<(https?:\/\/[^>]+\/u\/[^>]+)>/.exec(header ?? "");
  if (!m) throw new Error(`no unsubscribe URL in ${JSON.stringify(header)}`);
  return m[1];
};

describe("one-click unsubscribe", () => {
  it("marketing mail carries the headers; transactional mail does not; a caller's own header is kept", async () => {
    const { headers } = await sendAndRead({ to: "Reader <Reader@Example.test>", emailType: "marketing" });
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrl(headers.get("list-unsubscribe"))).toMatch(/\/u\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);

    const transactional = await sendAndRead({ to: "reader2@example.test" });
    expect(transactional.headers.has("list-unsubscribe")).toBe(false);

    const own = await sendAndRead({
      to: "reader3@example.test",
      emailType: "marketing",
      headers: { "List-Unsubscribe": "<mailto:leave@acme.test>" },
    });
    expect(own.headers.get("list-unsubscribe")).toBe("<mailto:leave@acme.test>");
    expect(own.headers.has("list-unsubscribe-post")).toBe(false);
  });

  it("the page asks first; a mail client's one-click POST unsubscribes once; the next send is refused", async () => {
    const { id, headers } = await sendAndRead({ to: "leaver@example.test", emailType: "marketing" });
    const url = unsubscribeUrl(headers.get("list-unsubscribe"));
    const suppressed = () => db().suppression.findFirst({ where: { orgId: org.org.id, email: "leaver@example.test" } });

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain("leaver@example.test");
    expect(html).toMatch(/<form method="post">/);
    expect(await suppressed()).toBeNull();

    // A POST that is neither the one-click body nor the page's button changes nothing.
    expect((await fetch(url, { method: "POST" })).status).toBe(400);
    expect(await suppressed()).toBeNull();

    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("You are unsubscribed");
    }
    expect(await suppressed()).toMatchObject({ reason: "unsubscribe", messageId: id });
    const events = await db().emailEvent.findMany({ where: { messageId: id, type: "email.unsubscribed" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recipient: "leaver@example.test", reason: "unsubscribed (one-click)" });

    const again = await call("/api/v1/email/send", {
      key,
      body: { to: "leaver@example.test", subject: "More", text: "x", emailType: "marketing" },
    });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("RECIPIENT_SUPPRESSED");
  });

  it("the page's own button unsubscribes too", async () => {
    const { headers } = await sendAndRead({ to: "button@example.test", emailType: "marketing" });
    const url = unsubscribeUrl(headers.get("list-unsubscribe"));
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "confirm=yes" });
    expect(res.status).toBe(200);
    expect(await db().suppression.findFirst({ where: { orgId: org.org.id, email: "button@example.test" } })).toMatchObject({
      reason: "unsubscribe",
    });
  });

  it("a forged or altered link unsubscribes nobody (404)", async () => {
    const { headers } = await sendAndRead({ to: "safe@example.test", emailType: "marketing" });
    const url = unsubscribeUrl(headers.get("list-unsubscribe"));
    const [payload, mac] = url.slice(url.lastIndexOf("/") + 1).split(".");
    const other = Buffer.from(
      JSON.stringify([JSON.parse(Buffer.from(payload, "base64url").toString())[0], "victim@example.test"]),
    ).toString("base64url");
    const forged = `${url.slice(0, url.lastIndexOf("/") + 1)}${other}.${mac}`;
    for (const u of [forged, `${url}x`]) {
      expect(
        (
          await fetch(u, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          })
        ).status,
      ).toBe(404);
      expect((await fetch(u)).status).toBe(404);
    }
    expect(
      await db().suppression.count({ where: { orgId: org.org.id, email: { in: ["victim@example.test", "safe@example.test"] } } }),
    ).toBe(0);
  });
});
