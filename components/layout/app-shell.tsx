"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { OrganizationSwitcher } from "@/components/layout/organization-switcher";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/messages", label: "Messages" },
  { href: "/inbound", label: "Inbound" },
  { href: "/api-keys", label: "API keys" },
  { href: "/apps", label: "Apps" },
  { href: "/connected-apps", label: "Connected apps" },
  { href: "/projects", label: "Projects" },
  { href: "/members", label: "Members" },
  { href: "/organization", label: "Organization" },
  { href: "/providers", label: "Providers" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/send", label: "Send test email" },
  { href: "/scheduled", label: "Scheduled" },
  { href: "/templates", label: "Templates" },
  { href: "/contacts", label: "Contacts" },
  { href: "/lists", label: "Lists" },
  { href: "/campaigns", label: "Campaigns" },
  { href: "/sequences", label: "Sequences" },
  { href: "/senders", label: "Senders" },
  { href: "/domains", label: "Domains" },
  { href: "/suppressions", label: "Suppressions" },
  { href: "/use-cases", label: "Use cases" },
  { href: "/safety", label: "Safety" },
  { href: "/audit", label: "Audit log" },
  { href: "/account", label: "Account" },
];

const MAIN_ID = "main-content";
const NAV_ID = "main-nav";

const isActive = (href: string, pathname: string) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`));

/**
 * The dashboard's frame. From md up, a sidebar with every page; below it, a top bar whose Menu
 * button shows the same links in a column (Escape closes it and gives focus back to the
 * button; moving to another page closes it too). "Skip to content" is the first stop for Tab.
 * The header holds the organization switcher (for people in more than one) and who is signed in.
 */
export function AppShell({ user, children }: { user: { email: string; name: string; role: string }; children: React.ReactNode }) {
  const pathname = usePathname();
  // The menu is open on the page it was opened on: navigating anywhere else closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKey(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setOpenOn(null);
      buttonRef.current?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-brand-500 dark:bg-zinc-900 dark:text-white"
      >
        Skip to content
      </a>
      <aside className="border-b border-zinc-200 bg-white md:w-56 md:shrink-0 md:border-b-0 md:border-r dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center justify-between px-4 py-3 md:py-4">
          <span className="text-lg font-semibold">Mailroom</span>
          <button
            ref={buttonRef}
            type="button"
            className="btn-secondary md:hidden"
            aria-expanded={open}
            aria-controls={NAV_ID}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <span aria-hidden="true" className="mr-2 text-base leading-none">
              {open ? "✕" : "☰"}
            </span>
            Menu
          </button>
        </div>
        <nav id={NAV_ID} aria-label="Main" className={`${open ? "flex" : "hidden"} flex-col gap-1 px-2 pb-3 md:flex md:pb-2`}>
          {NAV.map((item) => {
            const active = isActive(item.href, pathname);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? "page" : undefined}
                // The current page's link does not navigate, so close the menu by hand.
                onClick={() => setOpenOn(null)}
                className={`rounded-md px-3 py-2 text-sm whitespace-nowrap ${active ? "bg-brand-50 font-medium text-brand-700 dark:bg-zinc-800 dark:text-white" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"}`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-4 py-3 text-sm sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
          <OrganizationSwitcher />
          <span className="min-w-0 break-all text-zinc-600 dark:text-zinc-300">
            {user.email} · <span className="capitalize">{user.role}</span>
          </span>
          <button type="button" className="btn-secondary" onClick={() => signOut({ callbackUrl: "/sign-in" })}>
            Sign out
          </button>
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-6 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
