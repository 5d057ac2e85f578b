// Announces job rows to Inngest (installed by instrumentation.ts when Inngest is configured).
import { inngest, jobEventName } from "@/inngest/client";
import type { Dispatcher } from "@/lib/jobs/dispatcher";

export const inngestDispatcher: Dispatcher = async (job) => {
  await inngest.send({ name: jobEventName(job.name), data: { jobId: job.id, runAt: job.runAt.toISOString() } });
};
