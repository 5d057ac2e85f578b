// The organization's senders at a domain's name belong to it (their view shows its status):
// linked when the domain is added, and when a domain added for receiving first becomes a
// sending one (ensure-dkim-key.ts), so senders added before either are linked too.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

export const linkSenders = (client: Db | Prisma.TransactionClient, d: { id: string; orgId: string; name: string }) =>
  client.sender.updateMany({ where: { orgId: d.orgId, domainId: null, email: { endsWith: `@${d.name}` } }, data: { domainId: d.id } });
