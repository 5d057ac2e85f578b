"use client";

import Link from "next/link";
import { DateText } from "@/components/ui/date-text";
import type { ScheduledEmail } from "@/hooks/scheduled";
import { ScheduledStatusBadge } from "@/components/scheduled/scheduled-status";
import { describeEmail } from "@/components/scheduled/email-data";

interface ScheduledItemProps {
  email: ScheduledEmail;
  canCancel: boolean;
  onCancel: (email: ScheduledEmail) => void;
  /** Set when a cancel came too late: the server had already started sending it. */
  tooLate: boolean;
}

/** One scheduled email: state, when, to whom, what, retries and outcome; Cancel while it waits. */
export function ScheduledItem({ email: e, canCancel, onCancel, tooLate }: ScheduledItemProps) {
  const d = describeEmail(e);
  const subject = d.subject ?? "(no subject)";
  return (
    <li className="px-4 py-4" data-testid="scheduled-email">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <span data-testid="scheduled-status">
              <ScheduledStatusBadge status={e.status} />
            </span>
            <span className="font-medium break-words">{subject}</span>
            {d.templateId && (
              <Link href={`/templates/${d.templateId}`} className="text-xs text-brand-600 hover:underline dark:text-brand-500">
                From a template
              </Link>
            )}
          </div>
          <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">
            To {d.to.join(", ") || "—"}
            {d.copies > 0 && ` and ${d.copies} more in cc/bcc`}
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
            <Item label="Scheduled for">
              <DateText value={e.scheduledFor} show="zoned" />
            </Item>
            <Item label="Sent at">{e.sentAt ? <DateText value={e.sentAt} show="zoned" /> : "Not yet"}</Item>
            <Item label="Retries">
              {e.retryCount} of {e.maxRetries}
            </Item>
            <Item label="Message id">{d.messageId ? <code className="font-mono break-all">{d.messageId}</code> : "—"}</Item>
          </dl>
          {e.error && (
            <p className="text-sm break-words text-red-700 dark:text-red-400">
              {e.status === "sending" ? "Last attempt failed, retrying: " : e.status === "failed" ? "Failed: " : ""}
              {e.error}
            </p>
          )}
        </div>
        {canCancel && e.status === "scheduled" && (
          <button type="button" className="btn-secondary shrink-0 py-1.5" onClick={() => onCancel(e)}>
            Cancel email<span className="sr-only"> “{subject}”</span>
          </button>
        )}
      </div>
      <div aria-live="polite">
        {tooLate && (
          <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
            Already sending: it was too late to cancel. Its final state shows here once the send finishes.
          </p>
        )}
      </div>
    </li>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="break-words text-zinc-800 dark:text-zinc-200">{children}</dd>
    </div>
  );
}
