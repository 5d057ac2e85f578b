import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { pruneExpiredCounters } from "@/lib/rate-limit/database-store";

/** Keeps the rate-limit table small: ended windows are deleted every ten minutes. */
export const pruneRateLimitsJob = defineJob({
  name: "maintenance.prune-rate-limits",
  payload: z.object({}),
  maxAttempts: 3,
  recurEverySeconds: 600,
  async run() {
    await pruneExpiredCounters();
  },
});
