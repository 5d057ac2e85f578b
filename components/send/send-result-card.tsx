"use client";

import Link from "next/link";
import type { SendResult } from "@/hooks/send";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** What came back from a send: status, which provider took it, the ids to look it up by, and its timeline. */
export function SendResultCard({ result }: { result: SendResult }) {
  const tone = result.status === "sent" ? "success" : result.status === "failed" ? "danger" : "neutral";
  return (
    <section
      aria-labelledby="send-result-heading"
      className="rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="send-result"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="send-result-heading" className="text-lg font-semibold">
          Result
        </h2>
        <Badge tone={tone}>{result.status}</Badge>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-zinc-500 dark:text-zinc-400">Status</dt>
        <dd className="capitalize">{result.status}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Provider</dt>
        <dd>
          {result.provider ?? "—"}
          {result.provider === "demo" && <span className="text-zinc-500 dark:text-zinc-400"> (simulated: nothing left Mailroom)</span>}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Message id</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-2">
          <code className="font-mono text-xs break-all">{result.messageId ?? "—"}</code>
          {result.messageId && <CopyButton text={result.messageId} label="Copy message id" />}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Mailroom id</dt>
        <dd>
          <code className="font-mono text-xs break-all">{result.id}</code>
        </dd>
        {result.sentAt && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Sent at</dt>
            <dd>
              <time dateTime={result.sentAt}>{TIME.format(new Date(result.sentAt))}</time>
            </dd>
          </>
        )}
      </dl>
      <Link href={`/messages/${encodeURIComponent(result.id)}`} className="btn-secondary mt-4">
        Watch its timeline
      </Link>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {result.provider === "demo"
          ? "The demo provider reports delivery (or a bounce) within seconds, then perhaps an open and a click."
          : "Delivery, opens, clicks and bounces appear there as the provider reports them."}
      </p>
    </section>
  );
}
