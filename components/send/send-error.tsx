"use client";

import Link from "next/link";
import { ApiError } from "@/hooks/fetch-json";

const link = "font-medium underline";

/** Why the send failed and what to do next, by error code; the server's message is kept. */
function nextStep(error: Error, canConfigureSafety: boolean): React.ReactNode {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case "TEST_MODE_RECIPIENT":
      return canConfigureSafety ? (
        <>
          Add the address to a test list on the{" "}
          <Link href="/safety" className={link}>
            Safety page
          </Link>
          , or switch to production there if you mean to reach real recipients.
        </>
      ) : (
        <>
          Ask an owner or admin to add the address to a test list on the{" "}
          <Link href="/safety" className={link}>
            Safety page
          </Link>
          .
        </>
      );
    case "BULK_SEND_REQUIRES_2FA":
      return (
        <>
          A send to this many recipients needs a fresh second factor: a code from your authenticator app, verified in the last 10 minutes.{" "}
          <Link href="/account" className={link}>
            Verify a code on the Account page
          </Link>{" "}
          (or set up two-factor there first), then send again.
        </>
      );
    case "QUOTA_EXCEEDED":
      return "This month's send allowance is used up. It renews on the 1st of the month, or upgrade your plan to send more.";
    case "NO_PROVIDER_CAPACITY":
      return (
        <>
          Every provider is at its sending limit right now. Try again in a minute, or raise the limits on the{" "}
          <Link href="/providers" className={link}>
            Providers page
          </Link>
          .
        </>
      );
    case "SEND_FAILED":
    case "PROVIDER_REJECTED":
      return (
        <>
          Check the provider&apos;s settings and last error on the{" "}
          <Link href="/providers" className={link}>
            Providers page
          </Link>
          .
        </>
      );
    default:
      return null;
  }
}

const TITLES: Record<string, string> = {
  TEST_MODE_RECIPIENT: "Not sent: a recipient is not on a test list",
  QUOTA_EXCEEDED: "Not sent: monthly allowance used up",
  NO_PROVIDER_CAPACITY: "Not sent: providers at their limits",
  BULK_SEND_REQUIRES_2FA: "Not sent: verify a code to send to this many recipients",
  VALIDATION_ERROR: "Not sent: check the form",
};

export function SendError({ error, canConfigureSafety }: { error: Error; canConfigureSafety: boolean }) {
  const code = error instanceof ApiError ? error.code : undefined;
  const step = nextStep(error, canConfigureSafety);
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
    >
      <p className="font-semibold">{(code && TITLES[code]) ?? "Not sent"}</p>
      <p className="mt-1 break-words">{error.message}</p>
      {step && <p className="mt-1">{step}</p>}
    </div>
  );
}
