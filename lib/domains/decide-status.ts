// A domain's status after a check (docs/domains-and-senders.md, "Verification"):
// - verified when every required record (SPF, DKIM) passed;
// - a required record definitely missing or wrong: a verified domain fails at once (its mail
//   would no longer authenticate); a new one stays pending for GRACE_MS after it was added,
//   while DNS propagates, and fails after that;
// - a lookup that did not complete (timeout, SERVFAIL) decides nothing: the status stays and
//   the domain is checked again soon.
import { REQUIRED_RECORDS } from "@/lib/domains/dns-records";
import type { RecordCheck } from "@/lib/domains/check-records";

export type DomainStatus = "pending" | "verified" | "failed";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const GRACE_MS = 72 * HOUR;
export const RECHECK_MS = { pending: 15 * MINUTE, verified: 24 * HOUR, failed: 6 * HOUR, inconclusive: 15 * MINUTE } as const;

export interface StatusDecision {
  status: DomainStatus;
  verifiedAt: Date | null;
  nextCheckAt: Date;
  /** Required records that definitely did not pass. */
  failing: string[];
}

export function decideStatus(
  d: { status: DomainStatus; createdAt: Date; verifiedAt: Date | null },
  checks: RecordCheck[],
  now: Date,
): StatusDecision {
  const required = REQUIRED_RECORDS.map((kind) => checks.find((c) => c.record === kind));
  // A required record with no check at all (no DKIM key yet) counts as failing.
  const failing = REQUIRED_RECORDS.filter((_, i) => !required[i] || required[i]!.status === "fail");
  const after = (ms: number) => new Date(now.getTime() + ms);
  if (required.every((c) => c?.status === "pass")) {
    return {
      status: "verified",
      verifiedAt: d.status === "verified" && d.verifiedAt ? d.verifiedAt : now,
      nextCheckAt: after(RECHECK_MS.verified),
      failing: [],
    };
  }
  if (failing.length === 0) {
    // Only inconclusive lookups among the required ones: keep what we knew.
    return { status: d.status, verifiedAt: d.verifiedAt, nextCheckAt: after(RECHECK_MS.inconclusive), failing };
  }
  if (d.status === "pending" && now.getTime() - d.createdAt.getTime() < GRACE_MS) {
    return { status: "pending", verifiedAt: null, nextCheckAt: after(RECHECK_MS.pending), failing };
  }
  return { status: "failed", verifiedAt: null, nextCheckAt: after(RECHECK_MS.failed), failing };
}
