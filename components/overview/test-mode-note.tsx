"use client";

import { useState } from "react";
import Link from "next/link";
import { createTestListSchema } from "@/lib/safety/schemas";
import { useCreateTestList, useSendMode, useTestLists } from "@/hooks/safety";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Skeleton } from "@/components/ui/skeleton";
import { QueryState } from "@/components/ui/query-state";
import { stepLinkClass } from "@/components/overview/checklist-step";

const box =
  "rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950/30 dark:text-amber-200";

/**
 * A new organization is in test mode: only addresses on a test list receive email. Before the
 * first send, make sure the reader's own address is on one, in one click for those who may
 * (safety.configure; the test-list routes refuse anyone else, so others are told whom to ask).
 */
export function TestModeNote({ email, canConfigure }: { email: string; canConfigure: boolean }) {
  const mode = useSendMode();
  const lists = useTestLists(canConfigure);
  const create = useCreateTestList();
  const [invalid, setInvalid] = useState<string | null>(null);

  if (mode.isPending) return <Skeleton className="h-12 w-full" />;
  // Without the mode the send still works or says why; the note is a help, not a gate.
  if (mode.error || mode.data.mode !== "test") return null;

  if (!canConfigure) {
    return (
      <div className={box} data-testid="test-mode-note">
        <p>
          <strong>Test mode:</strong> your organization only delivers to addresses on a test list. Only owners and admins manage the lists:
          ask one to add <span className="font-mono break-all">{email}</span> on the{" "}
          <Link href="/safety" className="font-medium underline">
            Safety page
          </Link>
          .
        </p>
      </div>
    );
  }

  function add() {
    // The route's own schema: the address is checked (and lower-cased) as the server will.
    const parsed = createTestListSchema.safeParse({ name: "My address", emails: [email] });
    if (!parsed.success) {
      setInvalid(`${email} is not an address a test list can hold.`);
      return;
    }
    setInvalid(null);
    create.mutate(parsed.data);
  }

  const address = email.toLowerCase();
  return (
    <QueryState query={lists} loading={<Skeleton className="h-12 w-full" />} errorPrefix="Test lists could not be loaded">
      {(data) =>
        data.some((l) => l.emails.includes(address)) ? (
          <p data-testid="test-mode-note">
            <span aria-hidden="true" className="text-green-600">
              ✓{" "}
            </span>
            Test mode is on and <span className="font-mono break-all">{email}</span> is on a test list, so email to it goes through.{" "}
            <Link href="/safety" className={stepLinkClass}>
              Manage test lists
            </Link>
          </p>
        ) : (
          <div className={box} data-testid="test-mode-note">
            <p>
              <strong>Test mode:</strong> your organization only delivers to addresses on a test list, and{" "}
              <span className="font-mono break-all">{email}</span> is on none yet, so a send to it would be refused.
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <button type="button" className="btn-primary" onClick={add} disabled={create.isPending}>
                {create.isPending ? "Adding…" : `Add ${email} to a test list`}
              </button>
              <Link href="/safety" className="text-sm font-medium underline">
                Manage test lists
              </Link>
            </div>
            {(invalid ?? create.error) && (
              <div className="mt-3">
                <ErrorBanner message={invalid ?? create.error!.message} />
              </div>
            )}
          </div>
        )
      }
    </QueryState>
  );
}
