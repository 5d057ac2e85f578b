// The embedded delivery runner (used when Inngest is not configured): claims due delivery
// rows in batches (publishing scheduled events that fell due first), sends them concurrently, and records outcomes in batches as they settle,
// so a slow endpoint never holds up the record of fast ones. Started by boot, never by import.
import { claimDueDeliveries, recordOutcomes, type AttemptOutcome } from "@/lib/webhooks/delivery-store";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { publishDueEvents } from "@/lib/events/publish-due-events";
import { rollUpEvents } from "@/lib/analytics/roll-up";

/** Reports add what is not rolled up yet, so this only keeps their live part small. */
const ROLL_UP_EVERY_MS = 5_000;
import { log } from "@/lib/log";

export interface DeliveryRunnerOptions {
  pollMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Outcomes are recorded when this many have settled, or after flushMs. */
  flushSize?: number;
  flushMs?: number;
}

export class DeliveryRunner {
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly flushSize: number;
  private readonly flushMs: number;
  private inFlight = 0;
  private settled: AttemptOutcome[] = [];
  private flushTimer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  /** A wake that came while the loop was busy: the next wait is skipped. */
  private woken = false;
  private lastRollUp = 0;

  constructor(opts: DeliveryRunnerOptions = {}) {
    this.pollMs = opts.pollMs ?? 500;
    this.concurrency = opts.concurrency ?? 256;
    this.flushSize = opts.flushSize ?? 100;
    this.flushMs = opts.flushMs ?? 10;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake = () => {
    this.woken = true;
    this.wakeUp?.();
  };

  async stop() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    while (this.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
    await this.flush();
  }

  private async run() {
    while (this.running) {
      this.woken = false;
      let full = false;
      // Scheduled events that fell due since the last round; a failure here must not stop deliveries.
      await publishDueEvents().catch((err) => log.error("delivery runner: publishing due events failed", { err }));
      if (Date.now() - this.lastRollUp > ROLL_UP_EVERY_MS) {
        this.lastRollUp = Date.now();
        await rollUpEvents().catch((err) => log.error("delivery runner: rolling up events failed", { err }));
      }
      try {
        const room = this.concurrency - this.inFlight;
        const claimed = room > 0 ? await claimDueDeliveries(Math.min(room, 200)) : [];
        for (const d of claimed) this.begin(attemptDelivery(d));
        full = claimed.length > 0 && claimed.length === Math.min(room, 200);
      } catch (err) {
        log.error("delivery runner: claim failed", { err });
      }
      if ((full && this.inFlight < this.concurrency) || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private begin(attempt: Promise<AttemptOutcome>) {
    this.inFlight++;
    attempt
      .then((outcome) => {
        this.settled.push(outcome);
        if (this.settled.length >= this.flushSize) void this.flush();
        else this.flushTimer ??= setTimeout(() => void this.flush(), this.flushMs);
      })
      .catch((err) => log.error("delivery runner: attempt failed", { err })) // the lease expires and the row is claimed again
      .finally(() => {
        this.inFlight--;
        if (this.inFlight === this.concurrency - 1) this.wakeUp?.();
      });
  }

  /** Records what has settled; flushes run one after another. */
  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.settled;
    this.settled = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      try {
        const disabled = await recordOutcomes(batch).catch(async (err) => {
          // One bad outcome must not lose the rest (they would be sent again): record one by one.
          log.error("delivery runner: recording a batch failed; recording one by one", { err, count: batch.length });
          const each = await Promise.all(batch.map((o) => recordOutcomes([o]).catch((e) => (log.error("delivery runner: recording an outcome failed", { err: e, deliveryId: o.deliveryId }), []))));
          return each.flat();
        });
        if (disabled.length) log.warn("webhook endpoints disabled after repeated failures", { endpoints: disabled });
        // A retry due sooner than the next poll would otherwise wait for it.
        if (batch.some((o) => o.next === "pending")) this.scheduleWake(batch);
      } catch (err) {
        log.error("delivery runner: recording outcomes failed; their leases will expire and they run again", { err, count: batch.length });
      }
    });
    return this.flushing;
  }

  private scheduleWake(batch: AttemptOutcome[]) {
    const soonest = Math.min(...batch.filter((o) => o.nextAttemptAt).map((o) => o.nextAttemptAt!.getTime()));
    const wait = soonest - Date.now();
    if (wait < this.pollMs) setTimeout(this.wake, Math.max(0, wait)).unref();
  }
}
