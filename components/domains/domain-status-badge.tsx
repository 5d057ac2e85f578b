import { Badge } from "@/components/ui/badge";
import type { DnsRecord, SendingDomain } from "@/hooks/domains";

const DOMAIN = {
  pending: { tone: "neutral", label: "Pending" },
  verified: { tone: "success", label: "Verified" },
  failed: { tone: "danger", label: "Failed" },
} as const;

const RECORD = {
  pass: { tone: "success", label: "Found" },
  fail: { tone: "danger", label: "Missing or wrong" },
  error: { tone: "neutral", label: "Lookup failed" },
  unchecked: { tone: "neutral", label: "Not checked" },
} as const;

export function DomainStatusBadge({ status }: { status: SendingDomain["status"] }) {
  return <Badge tone={DOMAIN[status].tone}>{DOMAIN[status].label}</Badge>;
}

export function RecordStatusBadge({ status }: { status: DnsRecord["status"] }) {
  return <Badge tone={RECORD[status].tone}>{RECORD[status].label}</Badge>;
}
