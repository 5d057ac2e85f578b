// Scheduled events (the demo provider's) published as they fall due: timed work, so the
// embedded runner does it on every poll and Inngest every minute. Instances doing it at once
// share the work: rows are taken with SKIP LOCKED and published once.
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { publishDueEvents } from "@/lib/events/publish-due-events";

export const publishDueEventsJob = defineJob({
  name: "events.publish-due",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  timed: {},
  async run() {
    while ((await publishDueEvents()) === 500) {
      /* a full batch: there may be more */
    }
  },
});
