// What the demo provider "sees" after a send, per recipient: delivered (or bounced), perhaps
// opened, perhaps clicked, the whole of it within about 20 seconds so a first send shows its
// lifecycle while one watches. Deterministic for a seed, so tests can rely on it; recipients
// named bounce@ / bounced@ always bounce and complain@ always complains. Demo addresses
// (demo-addresses.ts) get their fixed outcome within a few seconds, whatever the seed.
import { createHash } from "node:crypto";
import type { EmailEventType } from "@/lib/events/event-types";
import { demoOutcomeOf, type DemoOutcome } from "@/lib/events/demo-addresses";

export interface PlannedEvent {
  type: EmailEventType;
  recipient: string;
  at: Date;
  url?: string;
  reason?: string;
}

/** mulberry32: a small, fast PRNG; seeded from SHA-256 of the seed and the recipient. */
function prng(seed: string, recipient: string): () => number {
  let a = createHash("sha256").update(`${seed}:${recipient}`).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BOUNCE_REASON = "550 5.1.1 The email account that you tried to reach does not exist (simulated by the demo provider)";
export const BOUNCE_SHARE = 0.05;
export const OPEN_SHARE = 0.45;
export const CLICK_SHARE = 0.3;

/** Seconds, as [min, max]; multiplied by `scale` (DEMO_EVENTS_TIME_SCALE). The longest path
 * (delivered, opened, clicked) ends at most 3 + 10 + 5 = 18 seconds after the send. */
export const DELAYS = { delivered: [1, 3], bounced: [1, 3], complained: [3, 10], opened: [3, 10], clicked: [1, 5] } as const;
export const LIFECYCLE_MAX_SECONDS = DELAYS.delivered[1] + DELAYS.opened[1] + DELAYS.clicked[1];

const DEFER_REASON = "451 4.7.1 Greylisted, try again later (simulated by the demo provider)";
const DROP_REASON = "dropped by the demo provider (simulated): the message was not attempted";

/** A demo address's events: seconds after the send, in order (scaled as the others). */
function fixedPlan(outcome: DemoOutcome, link: string | null): { type: EmailEventType; after: number; reason?: string; url?: string }[] {
  const delivered = { type: "email.delivered" as const, after: 1 };
  const opened = { type: "email.opened" as const, after: 3 };
  switch (outcome) {
    case "delivered":
      return [delivered];
    case "bounced":
      return [{ type: "email.bounced", after: 1, reason: BOUNCE_REASON }];
    case "complained":
      return [delivered, { type: "email.complained", after: 3 }];
    case "opened":
      return [delivered, opened];
    // A click follows the mail's first link; a mail without one is opened but cannot be clicked.
    case "clicked":
      return link ? [delivered, opened, { type: "email.clicked", after: 5, url: link }] : [delivered, opened];
    case "deferred":
      return [
        { type: "email.deferred", after: 1, reason: DEFER_REASON },
        { type: "email.delivered", after: 6 },
      ];
    case "dropped":
      return [{ type: "email.dropped", after: 1, reason: DROP_REASON }];
  }
}

export function planDemoEvents(opts: {
  seed: string;
  recipient: string;
  sentAt: Date;
  link: string | null;
  scale: number;
}): PlannedEvent[] {
  const { recipient, link, scale } = opts;
  const outcome = demoOutcomeOf(recipient);
  if (outcome) {
    return fixedPlan(outcome, link).map(({ after, ...e }) => ({
      ...e,
      recipient,
      at: new Date(opts.sentAt.getTime() + after * 1000 * scale),
    }));
  }
  const random = prng(opts.seed, recipient);
  const after = (from: Date, [min, max]: readonly [number, number]) =>
    new Date(from.getTime() + (min + random() * (max - min)) * 1000 * scale);
  const local = recipient.split("@")[0].toLowerCase();
  const bounces = local === "bounce" || local === "bounced" || random() < BOUNCE_SHARE;
  if (bounces) return [{ type: "email.bounced", recipient, at: after(opts.sentAt, DELAYS.bounced), reason: BOUNCE_REASON }];
  const delivered: PlannedEvent = { type: "email.delivered", recipient, at: after(opts.sentAt, DELAYS.delivered) };
  if (local === "complain" || local === "complained")
    return [delivered, { type: "email.complained", recipient, at: after(delivered.at, DELAYS.complained) }];
  const plan = [delivered];
  if (random() < OPEN_SHARE) {
    const opened: PlannedEvent = { type: "email.opened", recipient, at: after(delivered.at, DELAYS.opened) };
    plan.push(opened);
    if (link && random() < CLICK_SHARE) plan.push({ type: "email.clicked", recipient, at: after(opened.at, DELAYS.clicked), url: link });
  }
  return plan;
}

/** The first http(s) link of an html body: what a simulated click follows. */
export function firstLink(html: string | undefined): string | null {
  // The first link a reader can click: an <a>'s href (not <base>'s or a stylesheet's).
  const match = html ? /<a\s(?:[^>]*?\s)?href\s*=\s*["'](https?:\/\/[^"']+)["']/i.exec(html) : null;
  return match ? match[1] : null;
}
