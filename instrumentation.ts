// Next.js start-up hook: boot the server (Node.js runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/boot/boot");
  await boot();
  const { env } = await import("./lib/env");
  if (env().inngestEnabled) {
    const [{ setDispatcher }, { inngestDispatcher }] = await Promise.all([
      import("./lib/jobs/dispatcher"),
      import("./inngest/dispatcher"),
    ]);
    setDispatcher(inngestDispatcher);
  }
}
