"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/messages", label: "Messages" },
  { href: "/inbound", label: "Inbound" },
  { href: "/api-keys", label: "API keys" },
  { href: "/projects", label: "Projects" },
  { href: "/members", label: "Members" },
  { href: "/providers", label: "Providers" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/send", label: "Send test email" },
  { href: "/scheduled", label: "Scheduled" },
  { href: "/templates", label: "Templates" },
  { href: "/safety", label: "Safety" },
  { href: "/audit", label: "Audit log" },
  { href: "/account", label: "Account" },
];

export function AppShell({ user, children }: { user: { email: string; name: string; role: string }; children: React.ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="border-b border-zinc-200 bg-white md:w-56 md:border-b-0 md:border-r dark:border-zinc-800 dark:bg-zinc-900">
        <div className="px-4 py-4 text-lg font-semibold">Mailroom</div>
        <nav aria-label="Main" className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col">
          {NAV.map((item) => {
            const active = item.href === "/" ? pathname === "/" : pathname.startsWith(item.href);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={`rounded-md px-3 py-2 text-sm whitespace-nowrap ${active ? "bg-brand-50 font-medium text-brand-700 dark:bg-zinc-800 dark:text-white" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"}`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
      </aside>
      <div className="flex-1">
        <header className="flex items-center justify-end gap-3 border-b border-zinc-200 bg-white px-6 py-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
          <span className="text-zinc-600 dark:text-zinc-300">
            {user.email} · <span className="capitalize">{user.role}</span>
          </span>
          <button type="button" className="btn-secondary" onClick={() => signOut({ callbackUrl: "/sign-in" })}>
            Sign out
          </button>
        </header>
        <main className="mx-auto max-w-5xl px-6 py-8">{children}</main>
      </div>
    </div>
  );
}
