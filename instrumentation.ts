// Next.js start-up hook: boot the server (Node.js runtime only).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootOrExit } = await import("./lib/boot/boot-or-exit");
  await bootOrExit();
}
