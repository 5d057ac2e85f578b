"use client";
// Where the provider should send its delivery, bounce, open and click events. The provider
// proves each request with the secret set in this provider's form (lib/provider-events).
import { useSyncExternalStore } from "react";
import { CopyButton } from "@/components/ui/copy-button";

const origin = () => window.location.origin;

export function EventWebhookUrl({ providerId }: { providerId: string }) {
  const base = useSyncExternalStore(() => () => {}, origin, () => "");
  const url = `${base}/api/webhooks/providers/${providerId}`;
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-600 sm:flex-row sm:items-center sm:gap-2 dark:text-zinc-400">
      <span className="font-medium">Event webhook URL:</span>
      <code className="break-all rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">{url}</code>
      <CopyButton text={url} label="Copy URL" />
    </div>
  );
}
