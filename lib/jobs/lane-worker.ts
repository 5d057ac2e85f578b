// One lane on the embedded runner: a loop that claims what fits (the lane's batch size, and its
// concurrency less what is in flight), runs each item, records outcomes in batches when the
// lane records them together, keeps claims fresh, and sleeps until the poll, a wake, or room
// to claim more. A full batch claimed means more may be due: it claims again at once.
import type { Lane } from "@/lib/jobs/lane";
import { log } from "@/lib/log";

const RETRY_WAKE_MARGIN_MS = 10;

export class LaneWorker<I, O> {
  private inFlight = 0;
  private readonly running = new Set<Promise<void>>();
  private settled: O[] = [];
  private flushTimer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private active = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  /** A wake that came while the loop was busy: the next wait is skipped. */
  private woken = false;
  private lastBeat = 0;

  constructor(
    readonly lane: Lane<I, O>,
    private readonly runnerId: string,
    private readonly pollMs: number,
  ) {}

  start() {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  wake = () => {
    this.woken = true;
    this.wakeUp?.();
  };

  /** Stops claiming; resolves once the items in flight have finished and their outcomes are recorded. */
  async stop() {
    this.active = false;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled([...this.running]);
    await this.flush();
  }

  private async run() {
    while (this.active) {
      this.woken = false;
      let full = false;
      try {
        full = await this.tick();
      } catch (err) {
        log.error("runner: a claim failed", { lane: this.lane.name, err });
      }
      if ((full && this.inFlight < this.lane.concurrency) || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** One round: refresh claims now and then, claim what fits and start it. True when a full batch came. */
  private async tick(): Promise<boolean> {
    const { heartbeat } = this.lane;
    if (heartbeat && this.inFlight > 0 && Date.now() - this.lastBeat > heartbeat.everyMs) {
      this.lastBeat = Date.now();
      await heartbeat.beat(this.runnerId);
    }
    const limit = Math.min(this.lane.concurrency - this.inFlight, this.lane.batchSize);
    if (limit <= 0) return false;
    const items = await this.lane.claim(limit, this.runnerId);
    for (const item of items) this.begin(item);
    return items.length === limit;
  }

  private begin(item: I) {
    this.inFlight++;
    const done: Promise<void> = this.lane
      .run(item)
      .then((outcome) => this.settle(outcome))
      // Its claim expires and the item is claimed again (at least once).
      .catch((err) => log.error("runner: an item failed", { lane: this.lane.name, err }))
      .finally(() => {
        this.running.delete(done);
        this.inFlight--;
        if (this.inFlight === this.lane.concurrency - 1) this.wakeUp?.(); // room again
      });
    this.running.add(done);
  }

  private settle(outcome: O) {
    const { record } = this.lane;
    if (!record) return this.wakeForRetries([outcome]);
    this.settled.push(outcome);
    if (this.settled.length >= record.size) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), record.flushMs);
  }

  /** Records what has settled; flushes run one after another. */
  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.settled;
    this.settled = [];
    if (batch.length === 0 || !this.lane.record) return this.flushing;
    const { write } = this.lane.record;
    this.flushing = this.flushing.then(async () => {
      try {
        await write(batch);
        this.wakeForRetries(batch);
      } catch (err) {
        log.error("runner: recording outcomes failed; their claims expire and they run again", {
          lane: this.lane.name,
          err,
          count: batch.length,
        });
      }
    });
    return this.flushing;
  }

  /** A retry due sooner than the next poll would otherwise wait for it. */
  private wakeForRetries(outcomes: O[]) {
    if (!this.lane.retryAt) return;
    const due = outcomes.map((o) => this.lane.retryAt!(o)?.getTime()).filter((t): t is number => t !== undefined);
    if (due.length === 0) return;
    const wait = Math.min(...due) - Date.now();
    // A timer may fire a millisecond before Date.now() reaches its time, and a claim a moment
    // early finds nothing due and sleeps until the poll: wake a little after the retry is due.
    if (wait < this.pollMs) setTimeout(this.wake, Math.max(0, wait) + RETRY_WAKE_MARGIN_MS).unref();
  }
}
