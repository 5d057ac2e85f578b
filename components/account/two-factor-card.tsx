"use client";

import { useRef, useState } from "react";
import { useTwoFactor, type TwoFactorStatus } from "@/hooks/two-factor";
import { useSendMode } from "@/hooks/safety";
import { Badge } from "@/components/ui/badge";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { TwoFactorSetup } from "@/components/account/two-factor-setup";
import { TwoFactorEnabled } from "@/components/account/two-factor-enabled";

const card = "rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900";

/** The signed-in user's second factor: set up and turn on, or verify and turn off. */
export function TwoFactorCard() {
  const status = useTwoFactor();
  // Every role may read the send mode (org.view); it supplies the threshold to explain.
  const settings = useSendMode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState("");

  // Turning on or off swaps the card's contents, focus included: land on the heading, and say what happened.
  function changed(message: string) {
    setNotice(message);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  /** The card once the status is loaded. */
  function loaded(data: TwoFactorStatus) {
    const { enabled } = data;
    const threshold = settings.data?.require2faThreshold;
    const limit =
      threshold === undefined
        ? "more recipients than your organization's threshold"
        : `more than ${threshold} recipient${threshold === 1 ? "" : "s"}`;

    return (
      <section aria-labelledby="two-factor-heading" className={card}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="two-factor-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            Two-factor authentication
          </h2>
          <Badge tone={enabled ? "success" : "neutral"}>{enabled ? "On" : "Off"}</Badge>
        </div>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          In production, a send to {limit} at once needs a code from your authenticator app, verified within the last 10 minutes, so a
          stolen session or a mistaken paste cannot email a whole list.
          {settings.data?.mode === "test" && " Your organization is in test mode now, so this applies once it switches to production."}
        </p>
        <p role="status" className="mt-3 text-sm font-medium text-zinc-800 empty:mt-0 dark:text-zinc-200">
          {notice}
        </p>
        <div className="mt-5">
          {enabled ? (
            <TwoFactorEnabled status={data} threshold={threshold} onDisabled={() => changed("Two-factor is off.")} />
          ) : (
            <TwoFactorSetup onEnabled={() => changed("Two-factor is on, and your code counts as verified for the next 10 minutes.")} />
          )}
        </div>
      </section>
    );
  }

  return (
    <QueryState
      query={status}
      loading={
        <div role="status" aria-busy="true" className={card}>
          <span className="sr-only">Loading two-factor authentication…</span>
          <Skeleton className="h-5 w-56" />
          <Skeleton className="mt-3 h-3 w-full max-w-xl" />
          <Skeleton className="mt-2 h-3 w-2/3 max-w-md" />
          <Skeleton className="mt-5 h-9 w-40" />
        </div>
      }
    >
      {loaded}
    </QueryState>
  );
}
