// Every job the product runs (the other lanes are in lanes.ts). The embedded runner's jobs lane
// and the Inngest functions are both built from this list, and a test checks that Inngest serves exactly these.
import type { JobDefinition } from "@/lib/jobs/define-job";
import { pruneJob, sweepJobsJob } from "@/lib/jobs/maintenance-jobs";
import { providerHealthCheckJob } from "@/lib/providers/health-check-job";
import { publishDueEventsJob } from "@/lib/events/publish-due-events-job";
import { sendScheduledJob } from "@/lib/scheduling/send-scheduled-job";
import { reconcileSendJob } from "@/lib/email/reconcile-send";
import { rollUpEventsJob } from "@/lib/analytics/roll-up";
import { processInboundJob } from "@/lib/inbound/process-inbound-job";
import { recheckDomainsJob } from "@/lib/domains/recheck-job";
import { sequenceStepJob } from "@/lib/sequences/step-job";
import { recoverSequenceStepsJob } from "@/lib/sequences/recover-steps";
import { campaignSendBatchJob } from "@/lib/campaigns/send-batch-job";
import { campaignStartScheduledJob } from "@/lib/campaigns/start-scheduled-job";
import { campaignWatchdogJob } from "@/lib/campaigns/watchdog-job";
import { retentionJob } from "@/lib/retention/retention-job";

export type JobRegistry = ReadonlyMap<string, JobDefinition<never>>;

const ALL = [
  sweepJobsJob,
  pruneJob,
  providerHealthCheckJob,
  publishDueEventsJob,
  sendScheduledJob,
  reconcileSendJob,
  rollUpEventsJob,
  processInboundJob,
  recheckDomainsJob,
  sequenceStepJob,
  recoverSequenceStepsJob,
  campaignSendBatchJob,
  campaignStartScheduledJob,
  campaignWatchdogJob,
  retentionJob,
] as JobDefinition<never>[];

export const jobRegistry: JobRegistry = new Map(ALL.map((j) => [j.name, j]));
