// Every five minutes: re-check the domains whose next check is due (pending ones every 15
// minutes, verified ones daily, failed ones every 6 hours: see decide-status.ts), a batch at a
// time until none is due or the run's time is up. A verified domain whose SPF or DKIM record
// disappeared becomes failed, audited as the system.
//
// Each batch is claimed in one statement (SKIP LOCKED) that moves the domains' next check a
// lease ahead: two runs at once (two instances, a slow slot overlapping the next) never check
// the same domain, and a domain whose check throws, or whose run dies, is simply due again
// when the lease ends, never holding up the others. Safe to run twice.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/jobs/define-job";
import { log } from "@/lib/log";
import { verifyDomain } from "@/lib/domains/verify-domain";
import { RECHECK_MS } from "@/lib/domains/decide-status";
import type { DnsResolver } from "@/lib/domains/dns-resolver";

const BATCH = 25;
/** How long one run keeps claiming batches: well within its 5-minute slot. */
const RUN_BUDGET_MS = 4 * 60_000;
/** A claimed domain is due again after this if its check never recorded a result. */
const LEASE_MS = RECHECK_MS.inconclusive;

async function claimDueDomains(now: Date) {
  const claimed = await db().$queryRaw<{ id: string }[]>`
    UPDATE domains SET next_check_at = ${new Date(now.getTime() + LEASE_MS)}
    WHERE id IN (
      SELECT id FROM domains WHERE next_check_at <= ${now}
      ORDER BY next_check_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (claimed.length === 0) return [];
  return db().domain.findMany({ where: { id: { in: claimed.map((c) => c.id) } }, orderBy: { id: "asc" } });
}

/** How many domains this run checked. */
export async function recheckDueDomains({ now, resolver }: { now?: Date; resolver?: DnsResolver } = {}) {
  const started = Date.now();
  let checked = 0;
  for (;;) {
    const at = now ?? new Date();
    const batch = await claimDueDomains(at);
    for (const domain of batch) {
      try {
        await verifyDomain({ domain, actor: { kind: "system", orgId: domain.orgId, actor: "domain_recheck" }, resolver, now: at });
      } catch (err) {
        // Its claim already moved its next check ahead: the others go on.
        log.error("domain re-check failed", { domainId: domain.id, err });
      }
    }
    checked += batch.length;
    if (batch.length < BATCH || Date.now() - started > RUN_BUDGET_MS) return checked;
  }
}

export const recheckDomainsJob = defineJob({
  name: "domains.recheck",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 300,
  async run() {
    await recheckDueDomains();
  },
});
