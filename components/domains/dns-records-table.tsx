"use client";

import type { DnsRecord } from "@/hooks/domains";
import { CopyButton } from "@/components/ui/copy-button";
import { RecordStatusBadge } from "@/components/domains/domain-status-badge";

const KIND_LABEL: Record<DnsRecord["record"], string> = {
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
  return_path: "Return path",
  mx: "Inbound MX",
  tracking: "Tracking host",
};

/** The records to publish, each with copy buttons and what the last check found; it scrolls sideways on narrow screens. */
export function DnsRecordsTable({ domainName, records }: { domainName: string; records: DnsRecord[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[52rem] text-left text-sm" data-testid="dns-records">
        <caption className="sr-only">DNS records to publish for {domainName}</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Record
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Host
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Value
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {records.map((r) => (
            <tr key={r.record} className="align-top" data-testid="dns-record" data-record={r.record}>
              <td className="px-3 py-2">
                <span className="font-medium">{KIND_LABEL[r.record]}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {r.type}
                  {r.priority !== null ? ` · priority ${r.priority}` : ""} · {r.required ? "required" : "recommended"}
                </span>
              </td>
              <td className="max-w-56 px-3 py-2">
                <code className="block font-mono text-xs [overflow-wrap:anywhere]">{r.name}</code>
                <div className="mt-1">
                  <CopyButton text={r.name} label="Copy host" />
                </div>
              </td>
              <td className="max-w-md px-3 py-2">
                <code className="block max-h-24 overflow-y-auto font-mono text-xs [overflow-wrap:anywhere]">{r.value}</code>
                <div className="mt-1">
                  <CopyButton text={r.value} label="Copy value" />
                </div>
              </td>
              <td className="min-w-48 px-3 py-2">
                <RecordStatusBadge status={r.status} />
                {r.detail && <p className="mt-1 text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">{r.detail}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
