// A lane: one kind of durable work the runner drives (job rows, webhook deliveries, anything
// batch-shaped), described by how it is claimed, run and recorded. Each lane sets its own
// concurrency, batch size and recording batches; its backoff lives in what `run` decides (a
// retry's due time in the outcome), and the runner honours it: an item is never claimed
// before it is due, and the runner wakes for a retry due sooner than its next poll.
import type { Announced } from "@/lib/jobs/announce";

export interface Timer {
  name: string;
  /** Default: the runner's poll interval. */
  everyMs?: number;
  run(): Promise<void>;
}

export interface Lane<Item = unknown, Outcome = unknown> {
  /** Names the lane in announcements and logs ("jobs", "webhook"). */
  name: string;
  /** Items in flight at once, per runner. */
  concurrency: number;
  /** Items claimed by one statement, at most. */
  batchSize: number;
  /** Claims up to `limit` due items for `runnerId` (SKIP LOCKED: runners never share one). */
  claim(limit: number, runnerId: string): Promise<Item[]>;
  /** Works one claimed item. Without `record`, it records its own outcome. */
  run(item: Item): Promise<Outcome>;
  /** Outcomes recorded together: once `size` have settled, or `flushMs` after the first. */
  record?: { size: number; flushMs: number; write(outcomes: Outcome[]): Promise<void> };
  /** When an outcome's item is due again (its backoff); null when it is finished. */
  retryAt?(outcome: Outcome): Date | null;
  /** Keeps the claims of items in flight fresh (claims go stale when a runner dies). */
  heartbeat?: { everyMs: number; beat(runnerId: string): Promise<void> };
  /** Before the first claim (the jobs lane schedules its recurring slots). */
  start?(): Promise<void>;
  /** In-process work the runner repeats while it runs. */
  timers?: Timer[];
  /**
   * Once a minute (the sweep job, under either engine): puts back items whose worker died,
   * and returns the overdue ones, which are announced again.
   */
  sweep?(): Promise<Announced[]>;
}

/**
 * A lane that runs on Inngest as two functions (inngest/functions.ts): one fans an
 * announcement out into one event per item, one drives an item's attempts, sleeping until each
 * retry is due.
 */
export interface BatchLane<Item = unknown, Outcome = unknown, Step = unknown> extends Lane<Item, Outcome> {
  inngest: {
    /** What one item is called in event names and data ("delivery": deliveryId, deliveryIds). */
    item: string;
    /** Attempts of one item, at most. */
    maxAttempts: number;
    /** One attempt of one item by id; safe to repeat (an item not due or taken is left alone). */
    runById(id: string): Promise<Step>;
    /** When the next attempt is due (ISO), or null when there is none. */
    retryAt(step: Step): string | null;
  };
}

export const defineLane = <I, O, S>(lane: BatchLane<I, O, S>): BatchLane<I, O, S> => lane;
