// Next.js start-up hook: boot the server (Node.js runtime only). On a long-lived server the
// boot runs in the background so the liveness and readiness routes answer while it runs
// (readiness 503 "starting" during migrations); every other request waits until it has
// finished (lib/boot/after-start.ts). On Vercel each function instance boots before it serves anything.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request is served: each carries its socket's address (lib/http/peer-address.ts).
  const { stampPeerAddresses } = await import("./lib/http/peer-address");
  stampPeerAddresses();
  const [{ bootOrExit }, { useInngestWhenConfigured }] = await Promise.all([import("./lib/boot/boot-or-exit"), import("./inngest/wire")]);
  const booting = bootOrExit({ then: useInngestWhenConfigured });
  if (process.env.VERCEL) await booting;
}
