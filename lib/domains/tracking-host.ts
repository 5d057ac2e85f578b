// A domain's tracking host (e.g. track.example.com): where the opens and clicks of its mail
// point instead of the instance's own host, once its CNAME to that host is found (verify-domain.ts
// records when, in trackingVerifiedAt). Only the domain itself or a name under it qualifies, so
// nobody names a host whose DNS they do not control; never the instance's host, nor a name
// another record of the domain already uses; one domain per host on the installation (a unique
// index decides a race).
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { env } from "@/lib/env";
import { dkimHost, returnPathHostFor } from "@/lib/domains/dns-records";
import { storedChecks } from "@/lib/domains/domain-view";
import { assertNotInstanceDomain } from "@/lib/system-mail/system-from";
import type { Prisma } from "@/lib/generated/prisma/client";

const FIELD = "body.trackingHost";

const invalid = (message: string) => new AppError("VALIDATION_ERROR", `Invalid request: ${FIELD}: ${message}`, [{ path: FIELD, message }]);

export const trackingHostTaken = (host: string) =>
  new AppError("CONFLICT", `${host} is the tracking host of another domain on this Mailroom installation; choose another name`);

interface DomainNames {
  name: string;
  returnPathHost: string | null;
  dkimSelector: string | null;
}

/** Refuses (400 on body.trackingHost) a host the domain may not use; `host` is normalized already (schemas.ts). */
export function assertTrackingHost({ host, domain }: { host: string; domain: DomainNames }): void {
  if (host !== domain.name && !host.endsWith(`.${domain.name}`))
    throw invalid(`must be ${domain.name} or a name under it (e.g. track.${domain.name}): only a host in the domain's own DNS can be used`);
  if (host === new URL(env().APP_URL).hostname.toLowerCase()) throw invalid("is this instance's own host");
  assertNotInstanceDomain(host, FIELD);
  const taken = [
    domain.returnPathHost ?? returnPathHostFor(domain.name),
    domain.dkimSelector ? dkimHost(domain.dkimSelector, domain.name) : null,
  ];
  if (taken.includes(host)) throw invalid(`${host} holds another of the domain's records; choose another name (e.g. track.${domain.name})`);
}

/**
 * Refuses (409) a tracking host another domain has; the unique index still decides a race. A
 * verified domain (`takeOver`: its own records prove the organization holds that DNS) takes the
 * host from a domain that is not verified, which proved nothing: naming a host under someone
 * else's domain first cannot keep them from using it. The holder's organization sees it in its
 * audit log.
 */
export async function assertTrackingHostFree({
  host,
  domainId,
  takeOver = false,
}: {
  host: string;
  domainId?: string;
  takeOver?: boolean;
}): Promise<void> {
  const holder = await db().domain.findUnique({
    where: { trackingHost: host },
    select: { id: true, orgId: true, name: true, status: true },
  });
  if (!holder || holder.id === domainId) return;
  if (holder.status === "verified") throw trackingHostTaken(host);
  if (!takeOver)
    throw new AppError(
      "CONFLICT",
      `${host} is named by another domain that is not verified; once this domain is verified it can take the host from that domain`,
    );
  await db().$transaction(async (tx) => {
    const { count } = await tx.domain.updateMany({
      where: { id: holder.id, trackingHost: host, status: { not: "verified" } },
      data: { trackingHost: null, trackingVerifiedAt: null },
    });
    if (count === 0) return;
    await recordAudit(
      {
        orgId: holder.orgId,
        ...actorOf({ kind: "system", orgId: holder.orgId, actor: "tracking_host_taken" }),
        action: "domain.updated",
        targetType: "domain",
        targetId: holder.id,
        metadata: { name: holder.name, trackingHost: null, previousTrackingHost: host, reason: "taken by a verified domain" },
      },
      tx,
    );
  });
}

/**
 * Sets (or with null removes) the domain's tracking host. A new host is unverified until its
 * CNAME is found: the domain is checked again at the next re-check run rather than its usual
 * interval, and its mail uses the instance's host meanwhile.
 */
export async function setTrackingHost({ principal, id, trackingHost }: { principal: Principal; id: string; trackingHost: string | null }) {
  const found = await db().domain.findFirst({ where: { id, orgId: principal.orgId } });
  if (!found) throw notFound("Domain");
  if (found.trackingHost === trackingHost) return found;
  if (trackingHost) {
    assertTrackingHost({ host: trackingHost, domain: found });
    await assertTrackingHostFree({ host: trackingHost, domainId: id, takeOver: found.status === "verified" });
  }
  try {
    return await db().$transaction(async (tx) => {
      const checks = storedChecks(found).filter((c) => c.record !== "tracking");
      const { count } = await tx.domain.updateMany({
        where: { id, orgId: principal.orgId },
        data: {
          trackingHost,
          trackingVerifiedAt: null,
          checks: checks as unknown as Prisma.InputJsonArray,
          ...(trackingHost ? { nextCheckAt: new Date() } : {}),
        },
      });
      if (count === 0) throw notFound("Domain");
      await recordAudit(
        {
          orgId: principal.orgId,
          ...actorOf(principal),
          action: "domain.updated",
          targetType: "domain",
          targetId: id,
          metadata: { name: found.name, trackingHost, previousTrackingHost: found.trackingHost },
        },
        tx,
      );
      return (await tx.domain.findUnique({ where: { id } }))!;
    });
  } catch (err) {
    if (trackingHost && isUniqueViolation(err)) throw trackingHostTaken(trackingHost);
    throw err;
  }
}
