// The built-in demo provider has no settings. Client-safe: the dashboard form reads this too.
import { configObject, defineProvider } from "@/lib/providers/config-fields";

export const demoFields = defineProvider({
  type: "demo",
  label: "Demo",
  description: "Simulated sending: nothing leaves Mailroom, and delivery events are made up. Useful for trying things out.",
  fields: {},
  configSchema: configObject({}),
});
