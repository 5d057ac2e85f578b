// The embedded runner, used when Inngest is not configured: one per process, started by boot
// (never by an import). It drives every lane (job rows, webhook deliveries) with the lane's
// own concurrency, batching and backoff, and repeats the lanes' timed work. A restart loses
// nothing: the work is rows, and the sweep job gives back what a dead process held.
import { randomUUID } from "node:crypto";
import type { Lane, Timer } from "@/lib/jobs/lane";
import { LaneWorker } from "@/lib/jobs/lane-worker";
import { log } from "@/lib/log";

export interface RunnerOptions {
  lanes: Lane<unknown, unknown>[];
  /** How often each lane looks for due work when nothing woke it. */
  pollMs?: number;
}

export class Runner {
  readonly id = `runner_${randomUUID()}`;
  private readonly workers: LaneWorker<unknown, unknown>[];
  private readonly pollMs: number;
  private active = false;
  private readonly timerLoops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();

  constructor(opts: RunnerOptions) {
    this.pollMs = opts.pollMs ?? 500;
    this.workers = opts.lanes.map((lane) => new LaneWorker(lane, this.id, this.pollMs));
  }

  async start() {
    if (this.active) return;
    this.active = true;
    for (const w of this.workers) await w.lane.start?.();
    for (const w of this.workers) {
      w.start();
      for (const t of w.lane.timers ?? []) this.timerLoops.push(this.repeat(t));
    }
  }

  /** Wakes a lane (an announcement of work due now); an unknown lane is not this runner's. */
  wake = (lane: string) => this.workers.find((w) => w.lane.name === lane)?.wake();

  /** Stops claiming and timed work; resolves once the work in flight has finished. */
  async stop() {
    this.active = false;
    for (const wakeUp of this.sleepers) wakeUp();
    await Promise.all([...this.workers.map((w) => w.stop()), ...this.timerLoops]);
  }

  private async repeat(t: Timer) {
    while (this.active) {
      await t.run().catch((err) => log.error("runner: timed work failed", { work: t.name, err }));
      await this.sleep(t.everyMs ?? this.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (!this.active) return Promise.resolve();
    return new Promise((resolve) => {
      const wakeUp = () => {
        clearTimeout(timer);
        this.sleepers.delete(wakeUp);
        resolve();
      };
      const timer = setTimeout(wakeUp, ms);
      this.sleepers.add(wakeUp);
    });
  }
}
