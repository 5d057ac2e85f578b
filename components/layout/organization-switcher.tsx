"use client";

import { usePathname } from "next/navigation";
import { useMyOrganizations, useSwitchOrganization } from "@/hooks/my-organizations";

const SWITCHER_ID = "organization-switcher";

/** The page to land on in the other organization: the current section's list (an item of
 * this organization does not exist there). */
const sectionOf = (pathname: string) => `/${pathname.split("/")[1] ?? ""}`;

/**
 * Which organization the dashboard shows, for people in more than one: a list of theirs with
 * their role in each. Choosing one moves the session there, drops every cached answer and
 * loads the dashboard again. Hidden for people in one organization.
 */
export function OrganizationSwitcher() {
  const pathname = usePathname();
  const { data: organizations } = useMyOrganizations();
  const switchTo = useSwitchOrganization();
  if (!organizations || organizations.length < 2) return null;
  const current = organizations.find((o) => o.current);

  return (
    <div className="flex min-w-0 items-center gap-2 text-zinc-600 dark:text-zinc-300">
      <label htmlFor={SWITCHER_ID}>Organization</label>
      <select
        id={SWITCHER_ID}
        className="min-w-0 max-w-[16rem] rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        value={current?.id ?? ""}
        disabled={switchTo.isPending}
        onChange={(e) => switchTo.mutate(e.target.value, { onSuccess: () => window.location.assign(sectionOf(pathname)) })}
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} ({o.role})
          </option>
        ))}
      </select>
    </div>
  );
}
