// The DNS records a domain's owner publishes, computed from the domain and the installation's
// DNS settings (dns-config.ts). SPF and DKIM are required for the domain to count as verified;
// DMARC, the return-path CNAME, the inbound MX and the tracking host's CNAME are advice,
// reported but not required: a tracking host is used for opens and clicks only once its CNAME
// is found (tracking-host.ts).
import type { DnsConfig } from "@/lib/domains/dns-config";

export const RECORD_KINDS = ["spf", "dkim", "dmarc", "return_path", "mx", "tracking"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** What verification needs to pass: mail is only signed and allowed from a domain that has both. */
export const REQUIRED_RECORDS: readonly RecordKind[] = ["spf", "dkim"];

export interface DnsRecord {
  record: RecordKind;
  type: "TXT" | "CNAME" | "MX";
  /** The host the record is published at (fully qualified, no trailing dot). */
  name: string;
  value: string;
  /** MX only. */
  priority: number | null;
  purpose: string;
  required: boolean;
}

export interface DomainDnsFacts {
  name: string;
  inboundEnabled: boolean;
  dkimSelector: string | null;
  dkimPublicKey: string | null;
  returnPathHost: string | null;
  trackingHost?: string | null;
}

/** Recommended to start with: reports only (p=none) until the domain's mail is known to pass. */
export const DMARC_VALUE = "v=DMARC1; p=none; adkim=r; aspf=r";
export const MX_PRIORITY = 10;

export const spfValue = (include: string) => `v=spf1 include:${include} ~all`;
export const dkimValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const dkimHost = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const returnPathHostFor = (domain: string) => `bounces.${domain}`;

export function recordsFor(
  d: DomainDnsFacts,
  config: Pick<DnsConfig, "spfInclude" | "returnPathTarget" | "mxHost" | "trackingTarget">,
): DnsRecord[] {
  const records: DnsRecord[] = [
    {
      record: "spf",
      type: "TXT",
      name: d.name,
      value: spfValue(config.spfInclude),
      priority: null,
      required: true,
      purpose:
        "SPF: authorizes Mailroom's sending servers to send as this domain. Keep one SPF record: if one exists, add the include to it.",
    },
  ];
  if (d.dkimSelector && d.dkimPublicKey) {
    records.push({
      record: "dkim",
      type: "TXT",
      name: dkimHost(d.dkimSelector, d.name),
      value: dkimValue(d.dkimPublicKey),
      priority: null,
      required: true,
      purpose: "DKIM: the public key receivers check Mailroom's signature against.",
    });
  }
  records.push(
    {
      record: "dmarc",
      type: "TXT",
      name: `_dmarc.${d.name}`,
      value: DMARC_VALUE,
      priority: null,
      required: false,
      purpose: "DMARC (recommended): tells receivers what to do with mail that fails SPF and DKIM; p=none only reports.",
    },
    {
      record: "return_path",
      type: "CNAME",
      name: d.returnPathHost ?? returnPathHostFor(d.name),
      value: config.returnPathTarget,
      priority: null,
      required: false,
      purpose: "Return path (recommended): a bounce domain of your own, so relays that set it keep SPF aligned with your domain.",
    },
  );
  if (d.inboundEnabled) {
    records.push({
      record: "mx",
      type: "MX",
      name: d.name,
      value: config.mxHost,
      priority: MX_PRIORITY,
      required: false,
      purpose: "Inbound: routes mail for this domain to Mailroom's SMTP listener (receiving is on).",
    });
  }
  if (d.trackingHost) {
    records.push({
      record: "tracking",
      type: "CNAME",
      name: d.trackingHost,
      value: config.trackingTarget,
      priority: null,
      required: false,
      purpose:
        "Tracking host: opens and clicks of this domain's mail point at it once this CNAME is found; until then they use Mailroom's own host. Sending does not depend on it.",
    });
  }
  return records;
}
