"use client";

import { useEffect, useRef, useState } from "react";
import { useEnableTwoFactor, useStartTwoFactorSetup, type Enrollment } from "@/hooks/two-factor";
import { ErrorBanner } from "@/components/ui/error-banner";
import { EnrollmentDetails } from "@/components/account/enrollment-details";
import { CodeForm } from "@/components/account/code-form";

/** Two-factor is off: start set-up, show the secret once, then turn on with a first code. */
export function TwoFactorSetup({ onEnabled }: { onEnabled: () => void }) {
  const setup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  // The secret lives here only, never in the query cache, and is dropped once two-factor is on.
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const stepsRef = useRef<HTMLHeadingElement>(null);

  // The set-up button disappears when pressed: carry focus on to what replaced it.
  useEffect(() => {
    if (enrollment) stepsRef.current?.focus();
  }, [enrollment]);

  function start() {
    enable.reset();
    setup.mutate(undefined, {
      onSuccess: (created) => {
        setEnrollment(created);
        setup.reset();
      },
    });
  }

  function cancel() {
    setEnrollment(null);
    enable.reset();
  }

  if (!enrollment) {
    return (
      <div className="space-y-3">
        <button type="button" className="btn-primary w-full sm:w-auto" onClick={start} disabled={setup.isPending}>
          {setup.isPending ? "Setting up…" : "Set up two-factor"}
        </button>
        {setup.error && <ErrorBanner message={setup.error.message} />}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h3 ref={stepsRef} tabIndex={-1} className="text-base font-semibold outline-none">
          1. Add Mailroom to your authenticator app
        </h3>
        <div className="mt-3">
          <EnrollmentDetails enrollment={enrollment} />
        </div>
      </div>
      <div>
        <h3 className="text-base font-semibold">2. Enter the code your app shows</h3>
        <div className="mt-3">
          <CodeForm
            id="two-factor-enable-code"
            label="6-digit code"
            hint="It changes every 30 seconds; any current one works."
            submitLabel="Turn on"
            pendingLabel="Turning on…"
            pending={enable.isPending}
            error={enable.error}
            onEdit={() => enable.error && enable.reset()}
            onSubmit={(code, clear) =>
              enable.mutate(code, {
                onSuccess: () => {
                  clear();
                  setEnrollment(null);
                  onEnabled();
                },
              })
            }
          />
        </div>
      </div>
      <button type="button" className="btn-secondary w-full sm:w-auto" onClick={cancel} disabled={enable.isPending}>
        Cancel set-up
      </button>
    </div>
  );
}
