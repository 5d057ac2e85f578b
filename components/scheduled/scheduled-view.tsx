"use client";

import { useState } from "react";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useCancelScheduledEmail, useScheduledEmails, type ScheduledEmail } from "@/hooks/scheduled";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { PageNav } from "@/components/ui/page-nav";
import { ScheduledItem } from "@/components/scheduled/scheduled-item";
import { CancelScheduledDialog } from "@/components/scheduled/cancel-scheduled-dialog";
import { ScheduleHowTo } from "@/components/scheduled/schedule-how-to";

const PAGE_SIZE = 20;
const NO_PERMISSION = "Viewers cannot send or schedule email. Ask an owner or admin for the member role.";

/** Scheduled emails, newest first, refreshed every few seconds while any may still change. */
export function ScheduledView({ role }: { role: Role }) {
  const canSend = roleHas(role, "email.send");
  const [page, setPage] = useState(1);
  const emails = useScheduledEmails(page, PAGE_SIZE);
  const cancel = useCancelScheduledEmail();
  const [cancelling, setCancelling] = useState<ScheduledEmail | null>(null);
  // The email whose cancel came too late (the server answered cancelled: false).
  const [tooLate, setTooLate] = useState<string | null>(null);

  const list = emails.data?.data ?? [];
  const waiting = list.some((e) => e.status === "scheduled" || e.status === "sending");

  function closeCancel() {
    setCancelling(null);
    cancel.reset();
  }

  function confirmCancel(email: ScheduledEmail) {
    cancel.mutate(email.id, {
      onSuccess: ({ cancelled }) => {
        setTooLate(cancelled ? null : email.id);
        closeCancel();
      },
    });
  }

  return (
    <>
      <PageHeader
        title="Scheduled emails"
        description="Emails set to go out at a chosen time, newest first. When the time comes Mailroom sends each one as if it were sent then: test mode, the allowance and your providers apply again, and a failed send is retried with backoff."
        action={
          canSend ? (
            <Link href="/send" className="btn-primary">
              Schedule an email
            </Link>
          ) : (
            <RestrictedAction allowed={false} reason={NO_PERMISSION} onClick={() => {}}>
              Schedule an email
            </RestrictedAction>
          )
        }
      />

      <QueryState
        query={emails}
        loading="Loading scheduled emails…"
        errorViews={{
          403: (
            <EmptyState title="Scheduled emails are not shown to your role">
              Seeing scheduled emails needs the permission to send email, which viewers do not have. Ask an owner or admin for the member
              role.
            </EmptyState>
          ),
        }}
        isEmpty={(data) => data.total === 0}
        empty={
          <>
            <EmptyState
              title="No scheduled emails yet"
              action={canSend ? { label: "Send later from the Send page", href: "/send" } : undefined}
            >
              Schedule an email and it waits here until its time, with its state updating as it goes out.
            </EmptyState>
            <ScheduleHowTo canSend={canSend} />
          </>
        }
      >
        {(data) => (
          <div
            aria-busy={emails.isFetching || undefined}
            className={emails.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
          >
            <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
              Times are in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
              {waiting && " This list refreshes every few seconds while emails are waiting or sending."}
            </p>
            <ul
              aria-label="Scheduled emails"
              className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
            >
              {list.map((e) => (
                <ScheduledItem key={e.id} email={e} canCancel={canSend} onCancel={setCancelling} tooLate={tooLate === e.id} />
              ))}
            </ul>
            {data.total > PAGE_SIZE && (
              <PageNav
                label="Scheduled email pages"
                page={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                count={list.length}
                busy={emails.isPlaceholderData}
                onPageChange={setPage}
              />
            )}
          </div>
        )}
      </QueryState>

      <CancelScheduledDialog
        email={cancelling}
        pending={cancel.isPending}
        error={cancel.error?.message}
        onConfirm={confirmCancel}
        onClose={closeCancel}
      />
    </>
  );
}
