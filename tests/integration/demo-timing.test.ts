// The demo lifecycle in real time (DEMO_EVENTS_TIME_SCALE 1, as a newcomer's server runs): a
// demo address's outcome within a few seconds, and a whole delivered-opened-clicked lifecycle
// of any address within about 20 seconds, on a server of its own.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { until } from "../helpers/until";
import { planDemoEvents } from "@/lib/events/demo-plan";

let own: OwnServer;
beforeAll(async () => {
  own = await ownServer({ env: { DEMO_EVENTS_TIME_SCALE: "1" }, scopes: ["email:send"] });
});
afterAll(() => own?.close());

const link = "https://example.test/start";
const send = async (to: string) => {
  const res = await call("/api/v1/email/send", {
    base: own.server.url,
    key: own.key,
    body: { from: "ann@sender.test", to, subject: "Timing", html: `<a href="${link}">Go</a>` },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id: string; sentAt: string };
};
/** The message's events as they are recorded: type and seconds after the send. */
const recorded = async (id: string, sentAt: string) =>
  (await own.sql.query(`SELECT type, occurred_at FROM email_events WHERE message_id = $1 ORDER BY occurred_at`, [id])).rows.map(
    (r: { type: string; occurred_at: Date }) => ({ type: r.type, after: (r.occurred_at.getTime() - new Date(sentAt).getTime()) / 1000 }),
  );

describe("demo events in real time", () => {
  it("clicked@demo.mailroom.test: delivered, opened and clicked are recorded within 6 seconds", async () => {
    const started = Date.now();
    const sent = await send("clicked@demo.mailroom.test");
    const events = await until(
      () => recorded(sent.id, sent.sentAt),
      (e) => e.length >= 4,
      { timeoutMs: 15_000 },
    );
    expect(events.map((e) => e.type)).toEqual(["email.sent", "email.delivered", "email.opened", "email.clicked"]);
    expect((Date.now() - started) / 1000).toBeLessThan(8);
    // Not at once either: the events follow at their planned times, as a provider's would.
    expect(events[3].after).toBeGreaterThan(4);
  }, 20_000);

  it("any address's delivered, opened, clicked lifecycle is recorded within about 20 seconds", async () => {
    // The server's seed fixes each recipient's fate: take one whose plan ends in a click.
    const seed = inject("serverEnv").DEMO_EVENTS_SEED;
    const clicker = Array.from({ length: 300 }, (_, i) => `timing${i}@example.test`).find((r) =>
      planDemoEvents({ seed, recipient: r, sentAt: new Date(), link, scale: 1 }).some((e) => e.type === "email.clicked"),
    )!;
    const started = Date.now();
    const sent = await send(clicker);
    const events = await until(
      () => recorded(sent.id, sent.sentAt),
      (e) => e.length >= 4,
      { timeoutMs: 25_000, everyMs: 250 },
    );
    expect(events.map((e) => e.type)).toEqual(["email.sent", "email.delivered", "email.opened", "email.clicked"]);
    expect(events[3].after).toBeLessThanOrEqual(18);
    expect((Date.now() - started) / 1000).toBeLessThan(21);
  }, 40_000);
});
