// Checks a domain's records now and stores what was found: per-record results, the status
// (decide-status.ts), when it was checked and when it is checked next. A status change is
// audited as whoever asked (a user, a key, or the system for the periodic re-check). No
// webhook event is published: SPEC lists domain.verified and domain.failed as subscription
// values that nothing dispatches.
import type { Prisma, Domain } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { actorOf, type SendPrincipal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { dnsConfig } from "@/lib/domains/dns-config";
import { recordsFor } from "@/lib/domains/dns-records";
import { systemResolver, type DnsResolver } from "@/lib/domains/dns-resolver";
import { checkRecords, type RecordCheck } from "@/lib/domains/check-records";
import { decideStatus, type DomainStatus } from "@/lib/domains/decide-status";
import { ensureDkimKey } from "@/lib/domains/ensure-dkim-key";

interface VerifyOptions {
  domain: Domain;
  /** Who asked: a caller's "Verify now", or the system's periodic re-check. */
  actor: SendPrincipal;
  resolver?: DnsResolver;
  now?: Date;
}

/**
 * When the tracking host's CNAME was first found in a row, while the domain itself is verified:
 * a CNAME anyone may publish proves nothing about who holds the domain, its own records do. A
 * lookup that did not complete changes nothing.
 */
function trackingVerifiedAt(domain: Domain, checks: RecordCheck[], now: Date, status: DomainStatus): Date | null {
  const check = checks.find((c) => c.record === "tracking");
  if (!domain.trackingHost || !check || status !== "verified") return null;
  if (check.status === "pass") return domain.trackingVerifiedAt ?? now;
  return check.status === "error" ? domain.trackingVerifiedAt : null;
}

/** The domain after the check; null when it was deleted meanwhile. */
export async function verifyDomain({ domain: given, actor, resolver, now = new Date() }: VerifyOptions): Promise<Domain | null> {
  const domain = await ensureDkimKey(given);
  const config = dnsConfig();
  const checks = await checkRecords(recordsFor(domain, config), resolver ?? systemResolver(config), now);
  const previous = domain.status as DomainStatus;
  const decision = decideStatus({ status: previous, createdAt: domain.createdAt, verifiedAt: domain.verifiedAt }, checks, now);
  return db().$transaction(async (tx) => {
    // Only over the status we decided from: a check that raced this one already recorded its change.
    const { count } = await tx.domain.updateMany({
      where: { id: domain.id, status: previous, trackingHost: domain.trackingHost },
      data: {
        trackingVerifiedAt: trackingVerifiedAt(domain, checks, now, decision.status),
        status: decision.status,
        verifiedAt: decision.verifiedAt,
        nextCheckAt: decision.nextCheckAt,
        lastCheckedAt: now,
        checks: checks as unknown as Prisma.InputJsonArray,
      },
    });
    const after = await tx.domain.findUnique({ where: { id: domain.id } });
    if (count === 0 || !after) return after;
    const changed = decision.status !== previous;
    if (changed || actor.kind !== "system") {
      await recordAudit(
        {
          orgId: domain.orgId,
          ...actorOf(actor),
          action: changed ? `domain.${decision.status}` : "domain.checked",
          targetType: "domain",
          targetId: domain.id,
          metadata: {
            name: domain.name,
            status: decision.status,
            previousStatus: previous,
            results: Object.fromEntries(checks.map((c) => [c.record, c.status])),
          },
        },
        tx,
      );
    }
    return after;
  });
}
