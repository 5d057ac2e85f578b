// Makes Inngest the engine for durable work when it is configured: the one announcer becomes
// Inngest's (jobs and lane items become events). Called once by the start-up hook
// (instrumentation.ts) after the server has booted; lib/ never imports inngest/.
import { env } from "@/lib/env";
import { setAnnouncer } from "@/lib/jobs/announce";

export async function useInngestWhenConfigured(): Promise<void> {
  if (!env().inngestEnabled) return;
  const { inngestAnnouncer } = await import("@/inngest/announcer");
  setAnnouncer(inngestAnnouncer);
}
