import { Inngest } from "inngest";

export const inngest = new Inngest({ id: "mailroom" });

/** Event that announces a job row: one event name per job. */
export const jobEventName = (jobName: string) => `mailroom/job.${jobName}`;
