"use client";
// One received message: who sent it to whom and when, its body (HTML sandboxed, or text), its
// attachments, what the rules did, and a reply form for roles that may send.
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useInboxMessage, type InboxMessage } from "@/hooks/inbound";
import { Badge } from "@/components/ui/badge";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { MessageMeta } from "@/components/inbound/message-meta";
import { MessageBody } from "@/components/inbound/message-body";
import { MessageAttachments } from "@/components/inbound/message-attachments";
import { RuleResults } from "@/components/inbound/rule-results";
import { ReplyForm } from "@/components/inbound/reply-form";

const STATUS: Record<InboxMessage["status"], { tone: "neutral" | "success" | "danger"; text: string }> = {
  received: { tone: "neutral", text: "Rules running" },
  processed: { tone: "success", text: "Processed" },
  dropped: { tone: "danger", text: "Dropped" },
  failed: { tone: "danger", text: "Rules failed" },
};

const backLink = (
  <Link href="/inbound?tab=inbox" className="mb-4 inline-block text-sm text-brand-600 hover:underline dark:text-brand-500">
    <span aria-hidden="true">← </span>Inbox
  </Link>
);

export function InboxMessageView({ messageId, role }: { messageId: string; role: Role }) {
  const message = useInboxMessage(messageId);
  const canReply = roleHas(role, "inbox.send");

  return (
    <>
      {backLink}
      {(message.isPending || message.isError) && <h1 className="mb-6 text-2xl font-semibold">Received message</h1>}
      <QueryState
        query={message}
        loading="Loading the message…"
        rows={2}
        errorViews={{
          404: (
            <EmptyState title="Message not found" action={{ label: "Go to the inbox", href: "/inbound?tab=inbox" }}>
              No message with this id is in your organization&apos;s inbox. A rule may have dropped it, or not kept it.
            </EmptyState>
          ),
        }}
      >
        {(m) => (
          <>
            <div className="mb-6 flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold break-words">{m.subject || "(no subject)"}</h1>
              <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].text}</Badge>
            </div>
            <div className="space-y-6">
              <MessageMeta message={m} />
              <MessageBody html={m.html} text={m.text} />
              {m.attachments.length > 0 && <MessageAttachments messageId={m.id} attachments={m.attachments} />}
              <RuleResults message={m} />
              {canReply ? (
                <ReplyForm message={m} />
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  Viewers can read the inbox but not reply. Ask an owner or admin for the member role.
                </p>
              )}
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}
