// The one announcer: how new or re-scheduled work (a job row, a webhook delivery, any lane's
// item) is made known. With Inngest (wired at start-up by inngest/wire.ts) each
// announcement becomes events; otherwise the lane of this process's embedded runner is woken.
// The rows are committed before they are announced: a lost announcement only waits for the
// next poll, or (with Inngest) for the sweep (maintenance-jobs.ts), which announces overdue work again.
import { log } from "@/lib/log";

export interface Announced {
  id: string;
  /** A job's name (the jobs lane: one Inngest function per job). */
  name?: string;
  /** When it is due; unset: now. */
  runAt?: Date;
}

export type Announcer = (lane: string, items: Announced[]) => Promise<void>;

/** The lane of job rows (lib/jobs/jobs-lane.ts). */
export const JOBS_LANE = "jobs";

const holder = globalThis as unknown as { __mailroomAnnouncer?: Announcer; __mailroomWake?: (lane: string) => void };

/** Inngest's announcer, or none: the embedded runner is woken instead. */
export function setAnnouncer(announcer: Announcer | undefined) {
  holder.__mailroomAnnouncer = announcer;
}

/** How this process's embedded runner is woken for a lane (set while it runs). */
export function setWake(wake: ((lane: string) => void) | undefined) {
  holder.__mailroomWake = wake;
}

const CHUNK = 500; // items per announcement: one Inngest request must stay well under its size limit

/** Never throws: the rows are committed, and the sweep announces overdue ones again. */
export async function announce(lane: string, items: Announced[]): Promise<void> {
  if (items.length === 0) return;
  const announcer = holder.__mailroomAnnouncer;
  if (!announcer) {
    if (items.some((i) => !i.runAt || i.runAt.getTime() <= Date.now())) holder.__mailroomWake?.(lane);
    return;
  }
  for (let i = 0; i < items.length; i += CHUNK) {
    await announcer(lane, items.slice(i, i + CHUNK)).catch((err) =>
      log.error("announcement failed; the sweep announces it again", { lane, count: items.length, err }),
    );
  }
}

/** Announces job rows committed by the caller (after its transaction). */
export const announceJobs = (jobs: { id: string; name: string; runAt: Date }[]) => announce(JOBS_LANE, jobs);
