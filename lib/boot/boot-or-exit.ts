// Boots the server, wiring Inngest when it is configured. A failed boot (missing production
// secrets, an unreachable database, a failing migration) stops the process with the reason,
// rather than leaving a server up that fails every request.
import { boot } from "@/lib/boot/boot";
import { env } from "@/lib/env";
import { setAnnouncer } from "@/lib/jobs/announce";

export async function bootOrExit(): Promise<void> {
  try {
    await boot();
    if (env().inngestEnabled) {
      const { inngestAnnouncer } = await import("@/inngest/announcer");
      setAnnouncer(inngestAnnouncer);
    }
  } catch (err) {
    console.error(`Mailroom could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
