"use client";
// Reply to a received message in plain text, threaded (In-Reply-To, References) by the server,
// checked with the route's own schema (replySchema). The reply is a normal send: it shows in
// the messages log with its delivery events.
import { useState } from "react";
import Link from "next/link";
import { replySchema } from "@/lib/inbound/schemas";
import { useInboundDomains, useReplyToInbox, type InboxMessage } from "@/hooks/inbound";
import { FormField } from "@/components/ui/form-field";
import { ErrorBanner } from "@/components/ui/error-banner";

type Field = "text" | "from";

export function ReplyForm({ message }: { message: InboxMessage }) {
  const reply = useReplyToInbox(message.id);
  const [text, setText] = useState("");
  const [from, setFrom] = useState("");
  const [replyAll, setReplyAll] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const domains = useInboundDomains();
  const to = message.replyTo[0] ?? message.from?.address;
  // Reply all leaves out the organization's own addresses, as the server does.
  const own = new Set(domains.data?.map((d) => d.name));
  const others = [...new Set([...message.to, ...message.cc])].filter((a) => a !== to && !own.has(a.slice(a.lastIndexOf("@") + 1)));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { text, replyAll, ...(from.trim() ? { from: from.trim() } : {}) };
    const parsed = replySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= field === "text" ? "Write the reply." : issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    reply.mutate(body, { onSuccess: (r) => r.status !== "failed" && setText("") });
  }

  if (!to) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">This message has no sender address, so there is no one to reply to.</p>;
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      aria-labelledby="inbox-reply-title"
    >
      <div>
        <h2 id="inbox-reply-title" className="text-lg font-semibold">
          Reply
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          To <span className="break-all font-medium text-zinc-800 dark:text-zinc-200">{to}</span>, in the same conversation, through your
          providers.
        </p>
      </div>
      <FormField id="inbox-reply-text" label="Message" error={errors.text}>
        <textarea
          className="input h-36"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setErrors((x) => ({ ...x, text: undefined }));
          }}
        />
      </FormField>
      <FormField id="inbox-reply-from" label="From (optional)" hint="Default: the address the message was sent to." error={errors.from}>
        <input
          className="input"
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
            setErrors((x) => ({ ...x, from: undefined }));
          }}
          autoComplete="off"
          spellCheck={false}
        />
      </FormField>
      {others.length > 0 && (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5" checked={replyAll} onChange={(e) => setReplyAll(e.target.checked)} />
          <span>
            Reply all
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">Also to {others.join(", ")}.</span>
          </span>
        </label>
      )}
      <div aria-live="polite" className="space-y-2">
        {reply.error && <ErrorBanner message={reply.error.message} />}
        {reply.data && (
          <p
            className={`rounded-md border px-3 py-2 text-sm ${reply.data.status === "failed" ? "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300" : "border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950/40 dark:text-green-300"}`}
          >
            {reply.data.status === "failed"
              ? "The reply could not be sent."
              : reply.data.status === "queued"
                ? "Reply queued."
                : "Reply sent."}{" "}
            <Link href={`/messages/${reply.data.id}`} className="font-medium underline">
              See it in Messages
            </Link>
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={reply.isPending}>
          {reply.isPending ? "Sending…" : "Send reply"}
        </button>
      </div>
    </form>
  );
}
