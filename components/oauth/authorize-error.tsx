import Link from "next/link";
import { OAuthCard } from "@/components/oauth/oauth-card";

/** A request that cannot be sent back to the app (unknown app, unregistered return address, malformed link). */
export function AuthorizeError({ message }: { message: string }) {
  return (
    <OAuthCard>
      <h1 className="mt-2 text-xl font-semibold">This app can&apos;t be connected</h1>
      <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
        {message}
      </p>
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
        Nothing was shared. If you followed a link from the app, tell its developer what this page says.
      </p>
      <Link href="/" className="btn-secondary mt-6 inline-flex">
        Go to the dashboard
      </Link>
    </OAuthCard>
  );
}
