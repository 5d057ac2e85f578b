import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "mailroom" });

/** Event that announces a job row: one event name per job. */
export const jobEventName = (jobName: string) => `mailroom/job.${jobName}`;

/** A lane's events: one announcing a batch of its items (fanned out), one per item ("mailroom/webhook.delivery"). */
export const laneEventNames = (lane: string, item: string) => ({ fanOut: `mailroom/${lane}.fan-out`, item: `mailroom/${lane}.${item}` });
