// The durable work of a received message: run its rules (lib/inbound/process-inbound.ts).
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { processInbound } from "@/lib/inbound/process-inbound";

const MAX_ATTEMPTS = 8;

export const processInboundJob = defineJob({
  name: "inbound.process",
  payload: z.object({ inboundMessageId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  retryBaseMs: 10_000,
  async run({ inboundMessageId }, { attempt }) {
    await processInbound(inboundMessageId, { lastAttempt: attempt >= MAX_ATTEMPTS });
  },
});
