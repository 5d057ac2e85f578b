// What the API shows of a sender, and whether it may send in production (the same rule as the
// send path's SENDER_CHECK in lib/email/open-send.ts).
import type { Domain, Sender } from "@/lib/generated/prisma/client";

export type SenderWithDomain = Sender & { domain: Pick<Domain, "id" | "name" | "status"> | null };

export const senderInclude = { domain: { select: { id: true, name: true, status: true } } } as const;

export function viewOfSender(s: SenderWithDomain) {
  const verification = s.domain?.status === "verified" ? ("domain" as const) : s.confirmedAt ? ("confirmed" as const) : null;
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
