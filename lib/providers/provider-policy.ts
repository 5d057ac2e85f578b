// Which outbound address policy a provider's connections follow (lib/net/outbound-policy.ts).
// A provider the tenant sets up: public addresses only, https for APIs, unless the operator
// sets ALLOW_PRIVATE_PROVIDER_HOSTS. A provider the operator manages for the organization
// (staff API, accountSource "managed"): the operator's own account and relay, whose settings
// the tenant cannot change (managed-provider-guard.ts), so it may live on the operator's
// network without lifting the policy for every tenant.
import { env } from "@/lib/env";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";

export function providerPolicy(row?: { accountSource: string }): OutboundPolicy {
  return { allowPrivate: env().ALLOW_PRIVATE_PROVIDER_HOSTS || row?.accountSource === "managed", subject: "provider host" };
}
