// Create, read, change and delete an organization's sending domains. A domain name belongs to
// one organization across the installation (mail routing needs it): a name another organization
// has is 409, without saying who, unless the caller proves it controls the name's DNS and claims
// it (domain-claim.ts). Every change is audited. Inbound receiving and removal reuse the
// inbound domain functions, since they are the same rows.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { removeDomain, updateDomain } from "@/lib/inbound/inbound-domains";
import { generateDkimKey } from "@/lib/domains/dkim-key";
import { returnPathHostFor } from "@/lib/domains/dns-records";
import { RECHECK_MS } from "@/lib/domains/decide-status";
import { ensureDkimKey, ensureDkimKeys } from "@/lib/domains/ensure-dkim-key";
import { verifyDomain } from "@/lib/domains/verify-domain";
import { viewOfDomain } from "@/lib/domains/domain-view";
import { linkSenders } from "@/lib/domains/link-senders";
import { assertClaim, takenByAnother } from "@/lib/domains/domain-claim";
import type { DnsResolver } from "@/lib/domains/dns-resolver";
import type { CreateDomainInput, UpdateDomainInput } from "@/lib/domains/schemas";
import { assertNotInstanceDomain } from "@/lib/system-mail/system-from";
import { assertTrackingHost, assertTrackingHostFree, setTrackingHost, trackingHostTaken } from "@/lib/domains/tracking-host";

const ownAlready = (name: string) => new AppError("CONFLICT", `${name} is one of this organization's domains already`);

export async function listDomains({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const where = { orgId };
  const [rows, total] = await Promise.all([
    db().domain.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().domain.count({ where }),
  ]);
  return { items: (await ensureDkimKeys(rows)).map(viewOfDomain), total };
}

async function getDomainRowOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().domain.findFirst({ where: { id, orgId } });
  if (!row) throw notFound("Domain");
  return row;
}

export async function getDomainOrThrow({ orgId, id }: { orgId: string; id: string }) {
  return viewOfDomain(await ensureDkimKey(await getDomainRowOrThrow({ orgId, id })));
}

export async function createDomain({
  principal,
  input,
  resolver,
}: {
  principal: Principal;
  input: CreateDomainInput;
  resolver?: DnsResolver;
}) {
  assertNotInstanceDomain(input.name, "body.name");
  const trackingHost = input.trackingHost;
  if (trackingHost) {
    assertTrackingHost({ host: trackingHost, domain: { name: input.name, returnPathHost: null, dkimSelector: null } });
    await assertTrackingHostFree({ host: trackingHost });
  }
  // A taken name is refused (or claimed, domain-claim.ts) before the key is made; the unique index still decides a race.
  const held = await db().domain.findUnique({ where: { name: input.name }, select: { id: true, orgId: true, status: true } });
  if (held?.orgId === principal.orgId) throw ownAlready(input.name);
  if (held)
    await assertClaim({
      orgId: principal.orgId,
      name: input.name,
      claim: input.claim,
      holderVerified: held.status === "verified",
      resolver,
    });
  const key = await generateDkimKey();
  try {
    const domain = await db().$transaction(async (tx) => {
      if (held) {
        // Claimed: the holder's row goes (its receiving stops, its senders keep their addresses), unless it got verified meanwhile.
        const { count } = await tx.domain.deleteMany({ where: { id: held.id, orgId: held.orgId, status: { not: "verified" } } });
        if (count === 0) throw takenByAnother(principal.orgId, input.name);
        await recordAudit(
          {
            orgId: held.orgId,
            actorType: "system",
            actorId: "domain_claim",
            action: "domain.deleted",
            targetType: "domain",
            targetId: held.id,
            metadata: { name: input.name, reason: "claimed by another organization that proved control of the domain's DNS" },
          },
          tx,
        );
      }
      const created = await tx.domain.create({
        data: {
          orgId: principal.orgId,
          name: input.name,
          inboundEnabled: input.inbound,
          status: "pending",
          dkimSelector: key.selector,
          dkimPublicKey: key.publicKey,
          dkimPrivateKeySealed: key.privateKeySealed,
          returnPathHost: returnPathHostFor(input.name),
          trackingHost,
          nextCheckAt: new Date(Date.now() + RECHECK_MS.pending),
        },
      });
      await linkSenders(tx, created);
      await recordAudit(
        {
          orgId: principal.orgId,
          ...actorOf(principal),
          action: "domain.created",
          targetType: "domain",
          targetId: created.id,
          metadata: {
            name: created.name,
            inboundEnabled: created.inboundEnabled,
            dkimSelector: key.selector,
            trackingHost,
            ...(held ? { claimed: true } : {}),
          },
        },
        tx,
      );
      return created;
    });
    return viewOfDomain(domain);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (trackingHost && (await db().domain.findUnique({ where: { trackingHost }, select: { name: true } }))?.name !== input.name)
      throw trackingHostTaken(trackingHost);
    const winner = await db().domain.findUnique({ where: { name: input.name }, select: { orgId: true } });
    throw winner?.orgId === principal.orgId ? ownAlready(input.name) : takenByAnother(principal.orgId, input.name);
  }
}

/** Changes what the body names: the tracking host first, so a refused host changes nothing. */
export async function updateSendingDomain({ principal, id, input }: { principal: Principal; id: string; input: UpdateDomainInput }) {
  let domain = input.trackingHost !== undefined ? await setTrackingHost({ principal, id, trackingHost: input.trackingHost }) : null;
  if (input.inbound !== undefined) domain = await updateDomain({ principal, id, inboundEnabled: input.inbound });
  return viewOfDomain(await ensureDkimKey(domain!));
}

/** Deletes it: receiving stops, its senders keep their addresses without a domain, its key is gone. */
export async function deleteSendingDomain({ principal, id }: { principal: Principal; id: string }) {
  await removeDomain({ principal, id });
  return { id, deleted: true as const };
}

/** "Verify now": the lookups run in this request and the answer is the domain after them. */
export async function verifyDomainNow({ principal, id, resolver }: { principal: Principal; id: string; resolver?: DnsResolver }) {
  const domain = await getDomainRowOrThrow({ orgId: principal.orgId, id });
  const after = await verifyDomain({ domain, actor: principal, resolver });
  if (!after) throw notFound("Domain");
  return viewOfDomain(after);
}
