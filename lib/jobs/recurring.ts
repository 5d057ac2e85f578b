// Recurring maintenance jobs: one row per time slot, de-duplicated by a key naming the slot,
// so several instances scheduling the same slot create it once.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { insertJob } from "@/lib/jobs/job-store";

export function slotStart(everySeconds: number, now = Date.now()): Date {
  const ms = everySeconds * 1000;
  return new Date(Math.floor(now / ms) * ms);
}

export async function scheduleOccurrence(client: PrismaClient, def: JobDefinition<never>, runAt: Date) {
  await insertJob(client, {
    name: def.name,
    payload: {},
    runAt,
    maxAttempts: def.maxAttempts,
    dedupeKey: `${def.name}@${runAt.toISOString()}`,
  });
}

export async function scheduleNextOccurrence(client: PrismaClient, def: JobDefinition<never>) {
  const every = def.recurEverySeconds!;
  await scheduleOccurrence(client, def, new Date(slotStart(every).getTime() + every * 1000));
}
