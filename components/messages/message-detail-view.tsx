"use client";

import Link from "next/link";
import { useMessage } from "@/hooks/messages";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { visibleControls } from "@/components/ui/visible-controls";
import { CopyButton } from "@/components/ui/copy-button";
import { MessageStatusBadge } from "@/components/messages/message-status";
import { MessageSummary } from "@/components/messages/message-summary";
import { MessageTimeline } from "@/components/messages/message-timeline";
import { MessageRecipients } from "@/components/messages/message-recipients";
import { MessageContent } from "@/components/messages/message-content";
import { MessageWebhookDeliveries } from "@/components/messages/message-webhook-deliveries";

/** One message: its addresses, how and when it went, each recipient's status, what was sent, every event since (oldest first) and the webhook deliveries they caused. */
export function MessageDetailView({ messageId }: { messageId: string }) {
  const message = useMessage(messageId);

  return (
    <>
      <Link href="/messages" className="mb-4 inline-block text-sm text-brand-600 hover:underline dark:text-brand-500">
        <span aria-hidden="true">← </span>All messages
      </Link>

      {(message.isPending || message.isError) && <h1 className="mb-6 text-2xl font-semibold">Message</h1>}
      <QueryState
        query={message}
        loading="Loading the message…"
        rows={2}
        errorViews={{
          404: (
            <EmptyState title="Message not found" action={{ label: "Search the messages log", href: "/messages" }}>
              No message with this id belongs to your organization. Check the link, or find the message by recipient or subject.
            </EmptyState>
          ),
        }}
      >
        {(data) => (
          <>
            <div className="mb-6">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-semibold break-words">
                  <bdi>{visibleControls(data.message.subject) || "(no subject)"}</bdi>
                </h1>
                <MessageStatusBadge status={data.message.status} />
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
                <span>
                  Mailroom id <code className="font-mono text-xs break-all">{data.message.id}</code>
                </span>
                <CopyButton text={data.message.id} label="Copy id" />
              </div>
            </div>

            <MessageSummary message={data.message} />
            <MessageRecipients message={data.message} />

            <h2 className="mt-8 mb-1 text-lg font-semibold">Timeline</h2>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
              Events per recipient, oldest first, in your time zone. New ones appear as the provider reports them.
            </p>
            {data.events.length === 0 ? (
              <EmptyState title="No events yet">
                {data.message.status === "failed"
                  ? "No provider accepted this message, so nothing followed. The error above says why."
                  : "Sent, delivered, opened, clicked and bounced events show up here as they happen."}
              </EmptyState>
            ) : (
              <MessageTimeline events={data.events} />
            )}

            <MessageWebhookDeliveries messageId={data.message.id} />
            <MessageContent message={data.message} />
          </>
        )}
      </QueryState>
    </>
  );
}
