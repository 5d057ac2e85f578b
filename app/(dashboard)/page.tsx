import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Overview" };

export default function OverviewPage() {
  return (
    <div>
      <h1 className="text-2xl font-semibold">Overview</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Start by <Link className="text-brand-600 underline" href="/api-keys">creating an API key</Link>, then call the API as the README shows.
      </p>
    </div>
  );
}
