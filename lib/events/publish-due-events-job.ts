// With Inngest there is no embedded runner to publish scheduled events as they fall due: this
// recurring job does (the embedded runner also runs it, which is harmless: rows are taken
// with SKIP LOCKED and published once).
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { publishDueEvents } from "@/lib/events/publish-due-events";

export const publishDueEventsJob = defineJob({
  name: "events.publish-due",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  async run() {
    while ((await publishDueEvents()) === 500) {
      /* a full batch: there may be more */
    }
  },
});
