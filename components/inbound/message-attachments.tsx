"use client";
// A received message's attachments, each downloadable. The content is fetched only when asked
// for and saved as a file (never opened in the dashboard's origin, whatever its type says);
// a failed download is an error toast with the API's message.
import { useState } from "react";
import { fetchInboxAttachment, type InboxAttachment } from "@/hooks/inbound";
import { ActionButton } from "@/components/ui/action-button";
import { toast } from "@/components/ui/toast";
import { formatBytes } from "@/components/inbound/rule-summary";

function saveFile(filename: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename || "attachment";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function AttachmentItem({ messageId, attachment: a }: { messageId: string; attachment: InboxAttachment }) {
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const file = await fetchInboxAttachment(messageId, a.id);
      saveFile(file.filename, file.content);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err), { title: `Could not download ${a.filename || "the attachment"}` });
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="inbox-attachment">
      <div className="min-w-0">
        <p className="font-medium break-all">{a.filename || "(unnamed)"}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {a.contentType} · {formatBytes(a.size)}
          {a.contentId ? " · inline" : ""}
        </p>
      </div>
      <ActionButton className="btn-secondary shrink-0 py-1.5" onClick={download} disabled={pending} aria-busy={pending || undefined}>
        {pending ? "Downloading…" : "Download"}
        <span className="sr-only"> {a.filename}</span>
      </ActionButton>
    </li>
  );
}

export function MessageAttachments({ messageId, attachments }: { messageId: string; attachments: InboxAttachment[] }) {
  return (
    <section aria-labelledby="inbox-attachments-title">
      <h2 id="inbox-attachments-title" className="mb-2 text-lg font-semibold">
        Attachments ({attachments.length})
      </h2>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {attachments.map((a) => (
          <AttachmentItem key={a.id} messageId={messageId} attachment={a} />
        ))}
      </ul>
    </section>
  );
}
