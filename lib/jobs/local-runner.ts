// The embedded runner: used when Inngest is not configured. It polls for due job rows,
// claims them with SKIP LOCKED and runs them through executeJob, with a heartbeat on its
// claims. A restart loses nothing: queued rows wait, and rows left running by a dead
// process are re-queued by the sweep job (maintenance-jobs.ts).
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { jobRegistry, type JobRegistry } from "@/lib/jobs/registry";
import { claimDueJobs, heartbeat } from "@/lib/jobs/job-store";
import { executeJob } from "@/lib/jobs/execute-job";
import { scheduleOccurrence, slotStart } from "@/lib/jobs/recurring";
import { log } from "@/lib/log";

export interface RunnerOptions {
  client?: PrismaClient;
  registry?: JobRegistry;
  pollMs?: number;
  concurrency?: number;
  /** How often the claims of running jobs are refreshed. */
  heartbeatMs?: number;
}

export class LocalRunner {
  readonly id = `runner_${randomUUID()}`;
  private readonly client: PrismaClient;
  private readonly registry: JobRegistry;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly heartbeatMs: number;
  private readonly inFlight = new Set<Promise<unknown>>();
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private lastHeartbeat = 0;

  constructor(opts: RunnerOptions = {}) {
    this.client = opts.client ?? db();
    this.registry = opts.registry ?? jobRegistry;
    this.pollMs = opts.pollMs ?? 500;
    this.concurrency = opts.concurrency ?? 8;
    this.heartbeatMs = opts.heartbeatMs ?? 30_000;
  }

  async start() {
    if (this.running) return;
    this.running = true;
    for (const def of this.registry.values()) {
      if (def.recurEverySeconds) await scheduleOccurrence(this.client, def, slotStart(def.recurEverySeconds));
    }
    this.loop = this.run();
  }

  wake = () => this.wakeUp?.();

  async stop() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  private async run() {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (err) {
        log.error("job runner tick failed", { runner: this.id, err });
      }
      const full = this.inFlight.size >= this.concurrency;
      if (claimed > 0 && !full) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
        if (full) void Promise.race([...this.inFlight]).then(this.wakeUp);
      });
    }
  }

  /** One round: refresh the claims of running jobs now and then, claim what fits, start it. */
  async tick(): Promise<number> {
    if (this.inFlight.size > 0 && Date.now() - this.lastHeartbeat > this.heartbeatMs) {
      this.lastHeartbeat = Date.now();
      await heartbeat(this.client, this.id);
    }
    const room = this.concurrency - this.inFlight.size;
    if (room <= 0) return 0;
    const jobs = await claimDueJobs(this.client, this.id, room);
    for (const job of jobs) {
      const p = executeJob(this.client, this.registry, job)
        .catch((err) => log.error("job execution failed", { jobId: job.id, err }))
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
    return jobs.length;
  }
}
