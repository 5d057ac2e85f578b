// The demo provider's events (DESIGN.md §4: delivered / opened / clicked, and a share of
// bounced, following asynchronously as from a real provider): planned at send time from a
// seed (DEMO_EVENTS_SEED, else random), stored with the outcome as scheduled events, and
// published when each falls due. Delays are scaled by DEMO_EVENTS_TIME_SCALE.
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { planDemoEvents } from "@/lib/events/demo-plan";
import type { NewEvent } from "@/lib/events/publish-events";

interface DemoSend {
  orgId: string;
  projectId: string | null;
  messageId: string;
  campaignSendId?: string;
  sendMode: string;
  recipients: string[];
  sentAt: Date;
  /** The first link of the html, which a simulated click follows. */
  link: string | null;
}

export function demoEventsFor(s: DemoSend): NewEvent[] {
  const e = env();
  const seed = e.DEMO_EVENTS_SEED ?? randomBytes(8).toString("hex");
  return [...new Set(s.recipients)].flatMap((recipient) =>
    planDemoEvents({ seed, recipient, sentAt: s.sentAt, link: s.link, scale: e.DEMO_EVENTS_TIME_SCALE }).map((p): NewEvent => ({
      orgId: s.orgId,
      projectId: s.projectId,
      messageId: s.messageId,
      campaignSendId: s.campaignSendId,
      type: p.type,
      recipient,
      sendMode: s.sendMode,
      occurredAt: p.at,
      url: p.url,
      reason: p.reason,
      source: "demo",
      dedupeKey: `demo:${s.messageId}:${recipient}:${p.type}`,
    })),
  );
}
