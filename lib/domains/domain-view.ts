// What the API shows of a domain: its records with the last check's result for each. Never
// the private key (domainSchema names no such field, and toWire drops what it does not name).
import type { Domain } from "@/lib/generated/prisma/client";
import { dnsConfig } from "@/lib/domains/dns-config";
import { recordsFor, returnPathHostFor } from "@/lib/domains/dns-records";
import type { RecordCheck } from "@/lib/domains/check-records";

export const storedChecks = (d: Domain): RecordCheck[] => (Array.isArray(d.checks) ? (d.checks as unknown as RecordCheck[]) : []);

export function viewOfDomain(d: Domain) {
  const checks = storedChecks(d);
  const records = recordsFor(d, dnsConfig()).map((r) => {
    const c = checks.find((x) => x.record === r.record);
    return { ...r, status: c?.status ?? "unchecked", detail: c?.detail ?? null, found: c?.found ?? [], checkedAt: c?.checkedAt ?? null };
  });
  return {
    id: d.id,
    name: d.name,
    status: d.status,
    inbound: d.inboundEnabled,
    dkimSelector: d.dkimSelector ?? "",
    returnPathHost: d.returnPathHost ?? returnPathHostFor(d.name),
    trackingHost: d.trackingHost,
    trackingHostVerified: d.trackingHost !== null && d.trackingVerifiedAt !== null,
    records,
    verifiedAt: d.verifiedAt,
    lastCheckedAt: d.lastCheckedAt,
    nextCheckAt: d.nextCheckAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}
