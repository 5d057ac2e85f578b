// The demo provider's events (DESIGN.md §4: delivered / opened / clicked, and a share of
// bounced, following asynchronously as from a real provider). One job per message publishes
// whatever its plan has made due, then schedules itself for the next planned event. Each
// event has a dedupe key, so a run repeated after a crash publishes nothing twice.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueue } from "@/lib/jobs/enqueue";
import type { NewJobRow } from "@/lib/jobs/job-store";
import { planDemoEvents, type PlannedEvent } from "@/lib/events/demo-plan";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { suppressFromEvents } from "@/lib/events/suppress-from-events";

const payloadSchema = z.object({ messageId: z.uuid(), seed: z.string(), sentAt: z.iso.datetime(), link: z.string().nullable() });
type DemoPayload = z.infer<typeof payloadSchema>;

const EARLIEST_SECONDS = 1; // the plan's first event comes no sooner than this (demo-plan.ts DELAYS)

interface MessageRow {
  org_id: string;
  project_id: string | null;
  send_mode: string;
  recipients: string[];
}

function planFor(p: DemoPayload, recipients: string[]): PlannedEvent[] {
  const scale = env().DEMO_EVENTS_TIME_SCALE;
  return recipients.flatMap((recipient) => planDemoEvents({ seed: p.seed, recipient, sentAt: new Date(p.sentAt), link: p.link, scale }));
}

export const demoEventsJob = defineJob({
  name: "demo.events",
  payload: payloadSchema,
  maxAttempts: 5,
  retryBaseMs: 1_000,
  async run(p) {
    const [m] = await rawQuery<MessageRow>(
      `SELECT org_id::text, project_id::text, send_mode, ("to" || cc || bcc) AS recipients FROM messages WHERE id = $1::uuid AND status = 'sent'`,
      [p.messageId],
    );
    if (!m) return; // deleted, or never sent
    const plan = planFor(p, [...new Set(m.recipients.map((r) => r.toLowerCase()))]);
    const now = Date.now();
    const due = plan.filter((e) => e.at.getTime() <= now);
    const events = due.map((e): NewEvent & { bounceKind?: "hard" } => ({
      orgId: m.org_id, projectId: m.project_id, messageId: p.messageId, type: e.type, recipient: e.recipient, sendMode: m.send_mode,
      occurredAt: e.at, url: e.url, reason: e.reason, source: "demo", dedupeKey: `demo:${p.messageId}:${e.recipient}:${e.type}`,
      ...(e.type === "email.bounced" ? { bounceKind: "hard" as const } : {}),
    }));
    await publishEvents(events);
    await suppressFromEvents(events);
    const next = plan.map((e) => e.at.getTime()).filter((t) => t > now).sort((a, b) => a - b)[0];
    if (next !== undefined) await enqueue(demoEventsJob, p, { runAt: new Date(next), dedupeKey: `demo:${p.messageId}:${next}` });
  },
});

/** The job row that starts a demo send's events; the send path inserts it with the outcome. */
export function firstDemoEventsJob(messageId: string, sentAt: Date, link: string | null): NewJobRow {
  const payload: DemoPayload = { messageId, seed: env().DEMO_EVENTS_SEED ?? randomBytes(8).toString("hex"), sentAt: sentAt.toISOString(), link };
  const runAt = new Date(sentAt.getTime() + EARLIEST_SECONDS * 1000 * env().DEMO_EVENTS_TIME_SCALE);
  return { name: demoEventsJob.name, payload, runAt, maxAttempts: demoEventsJob.maxAttempts, dedupeKey: `demo:${messageId}:first` };
}
