// The demo provider's plan: every lifecycle within about 20 seconds, the same fate for the same
// seed and recipient, and the demo addresses' fixed outcomes within a few seconds.
import { describe, expect, it } from "vitest";
import { DELAYS, LIFECYCLE_MAX_SECONDS, planDemoEvents } from "@/lib/events/demo-plan";
import { DEMO_DOMAIN, DEMO_OUTCOMES, demoOutcomeOf, isDemoOnly } from "@/lib/events/demo-addresses";
import { AppError } from "@/lib/errors/app-error";

const sentAt = new Date("2026-11-27T12:00:00Z");
const link = "https://example.test/welcome";
const plan = (recipient: string, opts: { seed?: string; scale?: number; link?: string | null } = {}) =>
  planDemoEvents({
    seed: opts.seed ?? "seed-1",
    recipient,
    sentAt,
    link: opts.link === undefined ? link : opts.link,
    scale: opts.scale ?? 1,
  });
const seconds = (at: Date) => (at.getTime() - sentAt.getTime()) / 1000;
const recipients = Array.from({ length: 2000 }, (_, i) => `person-${i}@example.test`);

describe("the demo plan for any address", () => {
  it("plays the whole lifecycle out within about 20 seconds, in order, at scale 1", () => {
    expect(LIFECYCLE_MAX_SECONDS).toBeLessThanOrEqual(20);
    let longest = 0;
    for (const r of recipients) {
      const events = plan(r);
      const times = events.map((e) => seconds(e.at));
      expect(times[0]).toBeGreaterThanOrEqual(1);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      longest = Math.max(longest, times.at(-1)!);
    }
    expect(longest).toBeLessThanOrEqual(LIFECYCLE_MAX_SECONDS);
    // The bounds are reached, not just respected: some full lifecycles take more than 10 s.
    expect(longest).toBeGreaterThan(10);
  });

  it("opens within 3-10 s of delivery and clicks within 1-5 s of the open", () => {
    for (const r of recipients) {
      const [delivered, opened, clicked] = plan(r);
      if (opened?.type !== "email.opened") continue;
      const gap = (opened.at.getTime() - delivered.at.getTime()) / 1000;
      expect(gap).toBeGreaterThanOrEqual(DELAYS.opened[0]);
      expect(gap).toBeLessThanOrEqual(DELAYS.opened[1]);
      if (clicked) expect((clicked.at.getTime() - opened.at.getTime()) / 1000).toBeLessThanOrEqual(DELAYS.clicked[1]);
    }
  });

  it("is the same for the same seed and recipient, and the scale only shrinks the times", () => {
    for (const r of recipients.slice(0, 200)) {
      expect(plan(r)).toEqual(plan(r));
      const fast = plan(r, { scale: 0.01 });
      expect(fast.map((e) => e.type)).toEqual(plan(r).map((e) => e.type));
      // Dates hold whole milliseconds, and each event's time builds on the one before: within 4 ms of a hundredth.
      fast.forEach((e, i) => expect(Math.abs(seconds(e.at) - seconds(plan(r)[i].at) * 0.01)).toBeLessThan(0.004));
    }
    const fates = (seed: string) =>
      recipients.map((r) =>
        plan(r, { seed })
          .map((e) => e.type)
          .join(","),
      );
    expect(fates("seed-1")).not.toEqual(fates("seed-2"));
  });

  it("keeps the shares: about 5% bounce, 45% of the delivered open, 30% of those click", () => {
    const all = recipients.map((r) => plan(r).map((e) => e.type));
    const share = (n: number, of: number) => n / of;
    const bounced = all.filter((t) => t[0] === "email.bounced").length;
    const delivered = all.filter((t) => t[0] === "email.delivered");
    const opened = delivered.filter((t) => t.includes("email.opened"));
    expect(share(bounced, all.length)).toBeGreaterThan(0.03);
    expect(share(bounced, all.length)).toBeLessThan(0.07);
    expect(share(opened.length, delivered.length)).toBeGreaterThan(0.4);
    expect(share(opened.length, delivered.length)).toBeLessThan(0.5);
    expect(share(opened.filter((t) => t.includes("email.clicked")).length, opened.length)).toBeGreaterThan(0.25);
    expect(share(opened.filter((t) => t.includes("email.clicked")).length, opened.length)).toBeLessThan(0.35);
    // Without a link nothing is clicked.
    expect(recipients.some((r) => plan(r, { link: null }).some((e) => e.type === "email.clicked"))).toBe(false);
  });
});

describe("demo addresses", () => {
  const expected: Record<string, string[]> = {
    delivered: ["email.delivered"],
    bounced: ["email.bounced"],
    complained: ["email.delivered", "email.complained"],
    opened: ["email.delivered", "email.opened"],
    clicked: ["email.delivered", "email.opened", "email.clicked"],
    deferred: ["email.deferred", "email.delivered"],
    dropped: ["email.dropped"],
  };

  it("give their outcome within a few seconds, whatever the seed", () => {
    expect([...DEMO_OUTCOMES].sort()).toEqual(Object.keys(expected).sort());
    for (const outcome of DEMO_OUTCOMES) {
      const address = `${outcome}@${DEMO_DOMAIN}`;
      for (const seed of ["seed-1", "seed-2", "seed-3"]) {
        const events = plan(address, { seed });
        expect(
          events.map((e) => e.type),
          address,
        ).toEqual(expected[outcome]);
        expect(events.every((e) => e.recipient === address)).toBe(true);
        expect(Math.max(...events.map((e) => seconds(e.at)))).toBeLessThanOrEqual(6);
      }
    }
    expect(plan(`bounced@${DEMO_DOMAIN}`)[0].reason).toMatch(/^550 5\.1\.1/);
    expect(plan(`deferred@${DEMO_DOMAIN}`)[0].reason).toMatch(/^451/);
    expect(plan(`clicked@${DEMO_DOMAIN}`)[2].url).toBe(link);
  });

  it("clicked@ without a link in the mail is delivered and opened, never clicked", () => {
    expect(plan(`clicked@${DEMO_DOMAIN}`, { link: null }).map((e) => e.type)).toEqual(["email.delivered", "email.opened"]);
  });

  it("follow the time scale too", () => {
    expect(seconds(plan(`deferred@${DEMO_DOMAIN}`, { scale: 0.01 })[1].at)).toBeCloseTo(0.06, 6);
  });

  it("are only the seven outcomes at the demo domain, in any case", () => {
    expect(demoOutcomeOf(`Opened@DEMO.mailroom.test`)).toBe("opened");
    expect(demoOutcomeOf(`opened@mailroom.test`)).toBeNull();
    expect(demoOutcomeOf(`opened@demo.mailroom.test.example`)).toBeNull();
    expect(demoOutcomeOf(`someone@${DEMO_DOMAIN}`)).toBeNull();
  });
});

describe("a message's demo addresses", () => {
  const msg = (to: string[], cc: string[] = [], bcc: string[] = []) => ({
    to: to.map((email) => ({ email })),
    cc: cc.map((email) => ({ email })),
    bcc: bcc.map((email) => ({ email })),
  });
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return err as AppError;
    }
    throw new Error("not refused");
  };

  it("all demo addresses: the demo provider has it; none: as any message", () => {
    expect(isDemoOnly(msg([`delivered@${DEMO_DOMAIN}`], [`opened@${DEMO_DOMAIN}`]))).toBe(true);
    expect(isDemoOnly(msg(["a@example.test"], ["b@example.test"]))).toBe(false);
  });

  it("mixed with real recipients: a 400 naming the field that holds the demo address", () => {
    const mixed = refusal(() => isDemoOnly(msg(["a@example.test"], [], [`clicked@${DEMO_DOMAIN}`])));
    expect(mixed.code).toBe("VALIDATION_ERROR");
    expect(mixed.status).toBe(400);
    expect(mixed.details).toEqual([{ path: "body.bcc", message: expect.stringMatching(/cannot be mixed with real recipients/) }]);
    expect(refusal(() => isDemoOnly(msg([`delivered@${DEMO_DOMAIN}`, "a@example.test"]))).details![0].path).toBe("body.to");
  });

  it("an unknown address at the demo domain: a 400 listing the demo addresses", () => {
    const unknown = refusal(() => isDemoOnly(msg([`someone@${DEMO_DOMAIN}`])));
    expect(unknown.details).toEqual([{ path: "body.to", message: expect.stringContaining(`delivered@${DEMO_DOMAIN}`) }]);
  });
});
