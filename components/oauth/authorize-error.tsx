import Link from "next/link";
import { OAuthCard } from "@/components/oauth/oauth-card";
import type { AppErrorShown } from "@/lib/oauth/authorization-request";

/** A request that is not sent back to the app: an unknown app, an unregistered return address, a
 * malformed link, or any mistake of a self-registered app (shown here, never redirected to it). */
export function AuthorizeError({ message, appError }: { message: string; appError?: AppErrorShown }) {
  return (
    <OAuthCard>
      <h1 className="mt-2 text-xl font-semibold">{appError ? `${appError.client} can't be connected` : "This app can't be connected"}</h1>
      <p
        role="alert"
        className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
      >
        {message}
        {appError ? <span className="mt-1 block font-mono text-xs">error: {appError.error}</span> : null}
      </p>
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        Nothing was shared. If you followed a link from the app, tell its developer what this page says.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/" className="btn-secondary inline-flex">
          Go to the dashboard
        </Link>
        {appError?.returnTo ? (
          <a href={appError.returnTo} rel="noreferrer" className="btn-secondary inline-flex">
            Return to {new URL(appError.returnTo).host}
          </a>
        ) : null}
      </div>
    </OAuthCard>
  );
}
