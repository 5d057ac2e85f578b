// What the demo provider "sees" after a send, per recipient: delivered (or bounced), perhaps
// opened, perhaps clicked, at realistic delays. Deterministic for a seed, so tests can rely
// on it; recipients named bounce@ / bounced@ always bounce and complain@ always complains.
import { createHash } from "node:crypto";
import type { EmailEventType } from "@/lib/events/event-types";

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

/** Seconds, as [min, max]; multiplied by `scale` (DEMO_EVENTS_TIME_SCALE). */
const DELAYS = { delivered: [1, 4], bounced: [1, 5], complained: [30, 600], opened: [10, 300], clicked: [2, 60] } as const;

export function planDemoEvents(opts: { seed: string; recipient: string; sentAt: Date; link: string | null; scale: number }): PlannedEvent[] {
  const { recipient, link, scale } = opts;
  const random = prng(opts.seed, recipient);
  const after = (from: Date, [min, max]: readonly [number, number]) => new Date(from.getTime() + (min + random() * (max - min)) * 1000 * scale);
  const local = recipient.split("@")[0].toLowerCase();
  const bounces = local === "bounce" || local === "bounced" || random() < BOUNCE_SHARE;
  if (bounces) return [{ type: "email.bounced", recipient, at: after(opts.sentAt, DELAYS.bounced), reason: BOUNCE_REASON }];
  const delivered: PlannedEvent = { type: "email.delivered", recipient, at: after(opts.sentAt, DELAYS.delivered) };
  if (local === "complain" || local === "complained") return [delivered, { type: "email.complained", recipient, at: after(delivered.at, DELAYS.complained) }];
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
  const match = html ? /href\s*=\s*["'](https?:\/\/[^"']+)["']/i.exec(html) : null;
  return match ? match[1] : null;
}
