"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { Menu, X } from "lucide-react";
import { OrganizationSwitcher } from "@/components/layout/organization-switcher";
import { ProjectSwitcher } from "@/components/layout/project-switcher";
import { NAV_GROUPS, isActive } from "@/components/layout/nav-groups";

const MAIN_ID = "main-content";
const NAV_ID = "main-nav";

/**
 * The dashboard's frame. From md up, a sidebar with every page in its group (sized to fit a
 * 1440x900 screen without scrolling; it scrolls on its own only on shorter ones); below it, a top bar whose Menu
 * button shows the same links in a column (Escape closes it and gives focus back to the
 * button; moving to another page closes it too). "Skip to content" is the first stop for Tab.
 * The header holds the organization and project switchers and who is signed in, by name.
 * Light or dark follows the system (Tailwind's dark: variant reads prefers-color-scheme).
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
        {/* The column runs the page's full height; the menu inside stays in view as the page scrolls. */}
        <div className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
          <div className="flex items-center justify-between px-4 py-3">
            <span className="text-lg font-semibold">Mailroom</span>
            <button
              ref={buttonRef}
              type="button"
              className="btn-secondary md:hidden"
              aria-expanded={open}
              aria-controls={NAV_ID}
              onClick={() => setOpenOn(open ? null : pathname)}
            >
              {open ? <X aria-hidden="true" className="mr-2 size-4" /> : <Menu aria-hidden="true" className="mr-2 size-4" />}
              Menu
            </button>
          </div>
          <nav
            id={NAV_ID}
            aria-label="Main"
            className={`${open ? "flex" : "hidden"} flex-col gap-1.5 overflow-y-auto px-2 pb-3 md:flex md:min-h-0 md:flex-1`}
          >
            {NAV_GROUPS.map((group) => {
              const headingId = `nav-group-${group.label.toLowerCase()}`;
              return (
                <div
                  key={group.label}
                  role="group"
                  aria-labelledby={group.showLabel ? headingId : undefined}
                  aria-label={group.showLabel ? undefined : group.label}
                >
                  {group.showLabel && (
                    <h2
                      id={headingId}
                      className="px-3 pt-1 pb-0.5 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
                    >
                      {group.label}
                    </h2>
                  )}
                  <ul className="flex flex-col">
                    {group.items.map((item) => {
                      const active = isActive(item.href, pathname);
                      const Icon = item.icon;
                      return (
                        <li key={item.href}>
                          <Link
                            href={item.href}
                            aria-current={active ? "page" : undefined}
                            // The current page's link does not navigate, so close the menu by hand.
                            onClick={() => setOpenOn(null)}
                            className={`flex items-center gap-2.5 rounded-md px-3 py-[3px] text-sm leading-5 whitespace-nowrap ${active ? "bg-brand-50 font-medium text-brand-700 dark:bg-zinc-800 dark:text-white" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"}`}
                          >
                            <Icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
                            {item.label}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              );
            })}
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-4 py-3 text-sm sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
          <ProjectSwitcher />
          <OrganizationSwitcher />
          <span className="min-w-0 break-all text-zinc-600 dark:text-zinc-300" data-testid="signed-in-as" title={user.email}>
            {user.name || user.email} · <span className="capitalize">{user.role}</span>
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
