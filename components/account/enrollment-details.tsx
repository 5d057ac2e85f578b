"use client";

import type { Enrollment } from "@/hooks/two-factor";
import { CopyButton } from "@/components/ui/copy-button";

/** "JBSWY3DPEHPK3PXP" as "JBSW Y3DP EHPK 3PXP": easier to read and to type into an app by hand. */
export function formatSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

function Copyable({
  label,
  hint,
  shown,
  text,
  copyLabel,
  testId,
}: {
  label: string;
  hint: string;
  shown: string;
  text: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{hint}</dd>
      <dd className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid={testId}
          className="block min-w-0 flex-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
        >
          {shown}
        </code>
        <CopyButton text={text} label={copyLabel} />
      </dd>
    </div>
  );
}

/** The new secret and its otpauth:// URL, shown this once, each with a copy button. */
export function EnrollmentDetails({ enrollment }: { enrollment: Enrollment }) {
  return (
    <div className="space-y-4">
      <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
        Add this to your authenticator app now: <strong>it is shown only once</strong>. If you leave the page before turning two-factor on,
        set it up again.
      </div>
      <dl className="space-y-4">
        <Copyable
          label="Set-up link"
          hint="Paste it into your authenticator app, or enter the secret below by hand."
          shown={enrollment.otpauthUrl}
          text={enrollment.otpauthUrl}
          copyLabel="Copy link"
          testId="two-factor-otpauth-url"
        />
        <Copyable
          label="Secret"
          hint="To enter by hand: choose a time-based key; the spaces do not matter."
          shown={formatSecret(enrollment.secret)}
          text={enrollment.secret}
          copyLabel="Copy secret"
          testId="two-factor-secret"
        />
      </dl>
    </div>
  );
}
