// The empty inbox: how mail gets here. Either a domain of the organization's with its MX record
// pointing at a Mailroom server running the SMTP listener (INBOUND_SMTP_PORT), or a provider's
// inbound webhook posting to the URL shown on its provider card.
import { EmptyState } from "@/components/ui/empty-state";

export function InboxEmpty({ onShowDomains }: { onShowDomains: () => void }) {
  return (
    <EmptyState
      title="No mail received yet"
      action={{ label: "Set up a domain", onClick: onShowDomains }}
      secondary={{ label: "Provider inbound URLs", href: "/providers" }}
    >
      <p>Mail reaches this inbox in one of two ways:</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-left">
        <li>
          Add a domain on the Domains tab and point its MX record at the host running Mailroom with{" "}
          <code className="rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800">INBOUND_SMTP_PORT</code> set (port 25 from the
          internet).
        </li>
        <li>
          Or have a provider (SendGrid, Mailgun, Postmark, SES) post the mail it receives to the inbound URL shown on its card on the
          Providers page.
        </li>
      </ol>
      <p className="mt-2">Messages that no rule matches, or that a rule keeps, show up here.</p>
    </EmptyState>
  );
}
