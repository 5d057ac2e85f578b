"use client";
// Where the provider should POST to us: its delivery, bounce, open and click events, or the
// mail it receives for the organization. The provider proves each request with the secret set
// in this provider's form (lib/providers/<type>/events.ts and inbound.ts).
import { useSyncExternalStore } from "react";
import { CopyButton } from "@/components/ui/copy-button";

const origin = () => window.location.origin;

export function WebhookUrl({ label, path }: { label: string; path: string }) {
  const base = useSyncExternalStore(
    () => () => {},
    origin,
    () => "",
  );
  const url = `${base}${path}`;
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-600 sm:flex-row sm:items-center sm:gap-2 dark:text-zinc-400">
      <span className="font-medium">{label}:</span>
      <code className="break-all rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">{url}</code>
      <CopyButton text={url} label="Copy URL" />
    </div>
  );
}
