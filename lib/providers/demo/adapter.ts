// The built-in demo provider: nothing leaves the machine. Used by organizations with no
// active real provider; delivery, open and click events follow from the events pipeline.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ProviderAdapter } from "@/lib/providers/adapter";

const configSchema = z.object({}).strict();

export const demoAdapter: ProviderAdapter<z.infer<typeof configSchema>> = {
  type: "demo",
  label: "Demo (simulated, nothing is sent)",
  configSchema,
  secretFields: [],
  capabilities: { attachments: true, customHeaders: true, scheduling: true, tracking: true, inbound: false, batch: true, maxMessageBytes: 40 * 1024 * 1024 },
  async send() {
    return { providerMessageId: `demo_${randomUUID()}` };
  },
  async test() {
    return { message: "The demo provider is always available" };
  },
};
