// The durable work of a received message: run its rules (lib/inbound/process-inbound.ts).
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { processInbound } from "@/lib/inbound/process-inbound";
import { exitOnReply } from "@/lib/sequences/replies";

const MAX_ATTEMPTS = 8;

export const processInboundJob = defineJob({
  name: "inbound.process",
  payload: z.object({ inboundMessageId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  retryBaseMs: 10_000,
  async run({ inboundMessageId }, { attempt }) {
    await exitOnReply(inboundMessageId); // a reply ends the sender's sequences (safe to repeat)
    await processInbound(inboundMessageId, { lastAttempt: attempt >= MAX_ATTEMPTS });
  },
});
