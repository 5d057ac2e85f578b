// The built-in demo provider: nothing leaves the machine. Used by organizations with no
// active real provider; delivery, open and click events follow from the events pipeline.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { adapterSettings, type ProviderAdapter } from "@/lib/providers/adapter";
import { demoFields } from "@/lib/providers/demo/fields";

export const demoAdapter: ProviderAdapter<z.infer<typeof demoFields.configSchema>> = {
  ...adapterSettings(demoFields),
  // Longer than the form's "Demo": API clients see that nothing is sent.
  label: "Demo (simulated, nothing is sent)",
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: true,
    tracking: true,
    inbound: false,
    batch: true,
    maxMessageBytes: 40 * 1024 * 1024,
  },
  async send() {
    return { providerMessageId: `demo_${randomUUID()}` };
  },
  async test() {
    return { message: "The demo provider is always available" };
  },
};
