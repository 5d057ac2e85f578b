// The lanes besides job rows (registry.ts): batch-shaped work with its own rows, concurrency,
// batching and backoff. The embedded runner drives them next to the jobs lane, the sweep job
// sweeps them, and inngest/functions.ts builds each one's functions; a test checks Inngest
// serves exactly these and the jobs.
import type { BatchLane } from "@/lib/jobs/lane";
import { deliveryLane } from "@/lib/webhooks/delivery-lane";

export const batchLanes = [deliveryLane] as BatchLane<unknown, unknown, unknown>[];
