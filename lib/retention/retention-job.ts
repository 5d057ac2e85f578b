// The recurring retention job (docs/retention.md). It runs every 15 minutes on the embedded
// runner and as an Inngest cron function alike; a run that finds nothing old costs a few index
// probes. Safe to run twice or side by side: every batch re-checks its rows and skips locked ones.
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { log } from "@/lib/log";
import { pruneRetention } from "@/lib/retention/prune-retention";

export const retentionJob = defineJob({
  name: "maintenance.retention",
  payload: z.object({}),
  // A failed run is not retried: the next one, 15 minutes on, carries on where it stopped.
  maxAttempts: 1,
  recurEverySeconds: 900,
  async run() {
    const summary = await pruneRetention();
    const outcomes = Object.values(summary).filter((o) => o !== null);
    if (outcomes.some((o) => o.rows > 0 || !o.complete)) log.info("retention pruned old data", { summary });
  },
});
