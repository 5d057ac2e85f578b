"use client";

import { useState } from "react";
import { useVerifyTwoFactor, type TwoFactorStatus } from "@/hooks/two-factor";
import { CodeForm } from "@/components/account/code-form";
import { TurnOffDialog } from "@/components/account/turn-off-dialog";

const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

interface TwoFactorEnabledProps {
  status: TwoFactorStatus;
  threshold?: number;
  onDisabled: () => void;
}

/** Two-factor is on: when it was last verified, whether that is still fresh, Verify code and Turn off. */
export function TwoFactorEnabled({ status, threshold, onDisabled }: TwoFactorEnabledProps) {
  const verify = useVerifyTwoFactor();
  const [turningOff, setTurningOff] = useState(false);
  const [verified, setVerified] = useState(false);
  const { verifiedAt, freshUntil } = status;

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-3">
        <dt className="text-zinc-500 dark:text-zinc-400">Last verified</dt>
        <dd className="mb-2 sm:mb-0">{verifiedAt ? <time dateTime={verifiedAt}>{FULL.format(new Date(verifiedAt))}</time> : "Never"}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Fresh</dt>
        <dd data-testid="two-factor-freshness">
          {freshUntil ? (
            <span className="text-green-700 dark:text-green-400">
              Yes, until <time dateTime={freshUntil}>{TIME.format(new Date(freshUntil))}</time>: large production sends are allowed until
              then.
            </span>
          ) : (
            <span>No: verify a code before a large production send.</span>
          )}
        </dd>
      </dl>

      <div>
        <CodeForm
          id="two-factor-verify-code"
          label="Code from your authenticator app"
          hint="A verified code stays fresh for 10 minutes."
          submitLabel="Verify code"
          pendingLabel="Verifying…"
          pending={verify.isPending}
          error={verify.error}
          onEdit={() => {
            setVerified(false);
            if (verify.error) verify.reset();
          }}
          onSubmit={(code, clear) =>
            verify.mutate(code, {
              onSuccess: () => {
                clear();
                setVerified(true);
              },
            })
          }
        />
        <p role="status" className="mt-2 text-sm text-green-700 empty:mt-0 dark:text-green-400">
          {verified && freshUntil ? `Code verified. Large sends are allowed until ${TIME.format(new Date(freshUntil))}.` : ""}
        </p>
      </div>

      <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <button type="button" className="btn-danger w-full sm:w-auto" onClick={() => setTurningOff(true)}>
          Turn off
        </button>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Asks for a current code.</p>
      </div>

      <TurnOffDialog open={turningOff} onClose={() => setTurningOff(false)} onDisabled={onDisabled} threshold={threshold} />
    </div>
  );
}
