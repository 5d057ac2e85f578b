// Every five minutes: re-check the domains whose next check is due, a small batch at a time
// (pending ones every 15 minutes, verified ones daily, failed ones every 6 hours: see
// decide-status.ts). A verified domain whose SPF or DKIM record disappeared becomes failed,
// audited as the system. Safe to run twice: a checked domain's next check moves ahead.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/jobs/define-job";
import { log } from "@/lib/log";
import { verifyDomain } from "@/lib/domains/verify-domain";
import { RECHECK_MS } from "@/lib/domains/decide-status";
import type { DnsResolver } from "@/lib/domains/dns-resolver";

const BATCH = 25;

export async function recheckDueDomains({ now = new Date(), resolver }: { now?: Date; resolver?: DnsResolver } = {}) {
  const due = await db().domain.findMany({ where: { nextCheckAt: { lte: now } }, orderBy: [{ nextCheckAt: "asc" }, { id: "asc" }], take: BATCH });
  for (const domain of due) {
    try {
      await verifyDomain({ domain, actor: { kind: "system", orgId: domain.orgId, actor: "domain_recheck" }, resolver, now });
    } catch (err) {
      // One domain's trouble must not hold up the others, nor bring it back every run.
      log.error("domain re-check failed", { domainId: domain.id, err });
      await db().domain.updateMany({ where: { id: domain.id }, data: { nextCheckAt: new Date(now.getTime() + RECHECK_MS.inconclusive) } });
    }
  }
  return due.length;
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
