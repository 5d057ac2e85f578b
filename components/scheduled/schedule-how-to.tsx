"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { CopyButton } from "@/components/ui/copy-button";

const origin = () => window.location.origin;

// An example time with its offset: the route refuses a time without one, so it is never read
// in the server's zone by mistake.
// The README's form: the v1 route with scheduledAt and the key in $MAILROOM_KEY.
const snippet = (base: string) => `curl -X POST ${base || "https://mailroom.example.com"}/api/v1/email/send \\
  -H "Authorization: Bearer $MAILROOM_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "to": ["you@example.com"],
    "subject": "Hello later",
    "text": "Sent at the time you chose.",
    "scheduledAt": "2026-12-01T09:00:00+01:00"
  }'`;

/** The two ways to schedule: Send later on the Send page, or the API with scheduledFor. */
export function ScheduleHowTo({ canSend }: { canSend: boolean }) {
  const base = useSyncExternalStore(
    () => () => {},
    origin,
    () => "",
  );
  const code = snippet(base);
  return (
    <section
      aria-labelledby="schedule-how-heading"
      className="mt-6 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="schedule-how-heading" className="text-sm font-medium">
        How to schedule an email
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
        <li>
          On the{" "}
          <Link href="/send" className="font-medium text-brand-600 underline dark:text-brand-500">
            Send page
          </Link>
          , choose <strong>Send later</strong> and pick a date and time.
        </li>
        <li>
          From your code, POST the usual send body to <code className="font-mono text-xs">/api/v1/email/send</code> with{" "}
          <code className="font-mono text-xs">scheduledAt</code>: an ISO 8601 time with its offset, at most 365 days ahead. The key needs
          the <code className="font-mono text-xs">email:send</code> scope (
          <Link href="/api-keys" className="font-medium text-brand-600 underline dark:text-brand-500">
            API keys
          </Link>
          ).
        </li>
      </ul>
      {!canSend && (
        <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
          Your role cannot send or schedule email; an owner or admin can give you the member role.
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <CopyButton text={code} label="Copy command" />
      </div>
      <pre className="mt-2 overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed dark:border-zinc-700 dark:bg-zinc-950">
        <code>{code}</code>
      </pre>
    </section>
  );
}
