// Looks every record up now and judges what was found. A DNS that answers "no such record"
// (NXDOMAIN, NODATA) is a fail; one that does not answer (timeout, SERVFAIL, refused) is an
// error: inconclusive, it neither verifies nor fails a domain. Nothing here throws for DNS.
import { isAbsent, type DnsResolver } from "@/lib/domains/dns-resolver";
import type { DnsRecord, RecordKind } from "@/lib/domains/dns-records";
import { evaluateCname, evaluateDkim, evaluateDmarc, evaluateMx, evaluateSpf, txtTags, type Verdict } from "@/lib/domains/evaluate-records";

export type CheckStatus = "pass" | "fail" | "error";

export interface RecordCheck {
  record: RecordKind;
  status: CheckStatus;
  /** What the DNS held at the record's name (capped), for the owner to compare. */
  found: string[];
  detail: string;
  checkedAt: string;
}

const MAX_FOUND = 5;
const MAX_FOUND_CHARS = 600;

async function lookup(r: DnsRecord, resolver: DnsResolver): Promise<string[]> {
  if (r.type === "CNAME") return resolver.resolveCname(r.name);
  if (r.type === "MX") return (await resolver.resolveMx(r.name)).sort((a, b) => a.priority - b.priority).map((m) => m.exchange);
  // A long TXT record comes as several strings (255 characters at most each): one value.
  return (await resolver.resolveTxt(r.name)).map((strings) => strings.join(""));
}

function judge(r: DnsRecord, found: string[]): Verdict {
  switch (r.record) {
    case "spf":
      return evaluateSpf(found, /include:(\S+)/.exec(r.value)![1], r.name);
    case "dkim":
      return evaluateDkim(found, txtTags(r.value).p, r.name);
    case "dmarc":
      return evaluateDmarc(found, r.name);
    case "return_path":
      return evaluateCname(found, r.value, r.name);
    case "tracking": {
      const v = evaluateCname(found, r.value, r.name);
      return v.ok
        ? v
        : {
            ok: false,
            detail: `${v.detail} Until it is found (and the domain is verified), opens and clicks use ${r.value}; sending is not affected.`,
          };
    }
    case "mx":
      return evaluateMx(found, r.value, r.name);
  }
}

async function checkOne(r: DnsRecord, resolver: DnsResolver, now: Date): Promise<RecordCheck> {
  const checkedAt = now.toISOString();
  let found: string[];
  try {
    found = await lookup(r, resolver);
  } catch (err) {
    if (!isAbsent(err)) {
      const code = (err as { code?: string }).code ?? "error";
      return {
        record: r.record,
        status: "error",
        found: [],
        detail: `The DNS lookup of ${r.name} did not complete (${code}); it is tried again later.`,
        checkedAt,
      };
    }
    found = [];
  }
  const verdict = judge(r, found);
  const shown = found.slice(0, MAX_FOUND).map((v) => v.slice(0, MAX_FOUND_CHARS));
  return { record: r.record, status: verdict.ok ? "pass" : "fail", found: shown, detail: verdict.detail, checkedAt };
}

export async function checkRecords(records: DnsRecord[], resolver: DnsResolver, now = new Date()): Promise<RecordCheck[]> {
  return Promise.all(records.map((r) => checkOne(r, resolver, now)));
}
