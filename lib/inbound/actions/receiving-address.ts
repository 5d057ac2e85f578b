// The address a message reached the organization at: forwards and auto-replies are sent from it
// unless the rule names another.
import { db } from "@/lib/db/client";
import { defaultFrom } from "@/lib/email/build-message";
import { domainOf } from "@/lib/inbound/inbound-domains";
import type { InboundMessage } from "@/lib/generated/prisma/client";

export async function receivingAddress(m: InboundMessage): Promise<string> {
  const candidates = [...m.envelopeTo, ...m.toAddresses, ...m.ccAddresses];
  const own = new Set((await db().domain.findMany({ where: { orgId: m.orgId }, select: { name: true } })).map((d) => d.name));
  return candidates.find((a) => own.has(domainOf(a))) ?? defaultFrom();
}
