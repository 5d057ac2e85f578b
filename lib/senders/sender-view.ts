// What the API shows of a sender, and whether it may send in production (the same rule as the
// send path's senderCheck in lib/email/open-send.ts).
import type { Domain, Sender } from "@/lib/generated/prisma/client";

export type SenderWithDomain = Sender & { domain: Pick<Domain, "id" | "name" | "status"> | null };

export const senderInclude = { domain: { select: { id: true, name: true, status: true } } } as const;

/**
 * Whether, and how, a sender may be a from-address in production: the one rule, shared with
 * campaigns (and the send path's senderCheck). "domain": at a verified domain of the
 * organization's, the one it is linked to or, should the link be missing, `domainAtAddress`
 * (the organization's domain named like its address's); "confirmed": its owner confirmed it.
 */
export function senderVerification(
  s: { confirmedAt: Date | null; domain: { status: string } | null },
  domainAtAddress: { status: string } | null = null,
) {
  if (s.domain?.status === "verified" || domainAtAddress?.status === "verified") return "domain" as const;
  return s.confirmedAt ? ("confirmed" as const) : null;
}

export function viewOfSender(s: SenderWithDomain) {
  const verification = senderVerification(s);
  return {
    id: s.id,
    email: s.email,
    name: s.name,
    domainId: s.domainId,
    domain: s.domain ? { id: s.domain.id, name: s.domain.name, status: s.domain.status } : null,
    verified: verification !== null,
    verification,
    confirmedAt: s.confirmedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
