// Boots the server, then runs `then` (the start-up hook wires Inngest there when it is
// configured). A failed boot (missing production secrets, an unreachable database, a failing
// migration) stops the process with the reason, rather than leaving a server up that fails
// every request.
import { boot } from "@/lib/boot/boot";

export async function bootOrExit({ then }: { then?: () => Promise<void> } = {}): Promise<void> {
  try {
    await boot();
    await then?.();
  } catch (err) {
    console.error(`Mailroom could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
