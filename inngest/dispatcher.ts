// Announces job rows and webhook deliveries to Inngest (installed by instrumentation.ts when Inngest is configured).
import { inngest, jobEventName } from "@/inngest/client";
import type { Dispatcher } from "@/lib/jobs/dispatcher";
import { FAN_OUT_EVENT } from "@/inngest/webhook-functions";

export const inngestDispatcher: Dispatcher = async (job) => {
  await inngest.send({ name: jobEventName(job.name), data: { jobId: job.id, runAt: job.runAt.toISOString() } });
};

/** Announces new delivery rows to the fan-out function (one event per batch). */
export const inngestDeliveryAnnouncer = async (deliveryIds: string[]) => {
  await inngest.send({ name: FAN_OUT_EVENT, data: { deliveryIds } });
};
