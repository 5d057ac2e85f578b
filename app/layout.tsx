import type { Metadata } from "next";
import "./globals.css";
import { waitForStart } from "@/lib/boot/after-start";

export const metadata: Metadata = {
  title: { default: "Mailroom", template: "%s · Mailroom" },
  description: "Self-hostable email sending and event platform",
};

// Every page waits while the server is still starting (lib/boot/after-start.ts).
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await waitForStart();
  return (
    <html lang="en">
      <body className="min-h-screen bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">{children}</body>
    </html>
  );
}
