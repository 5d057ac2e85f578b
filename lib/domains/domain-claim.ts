// A domain name belongs to one organization on the installation (inbound mail is routed by
// it), so whoever adds a name first holds it: without a way out, anyone could hold a name its
// real owner will need. The way out: the organization that controls the name's DNS publishes a
// TXT record only it can compute (a MAC of its id and the name under a key of the server's) at
// _mailroom-claim.<name> and adds the name again with "claim": true; the name then moves to it.
// A holder that verified the name (its SPF and DKIM records pass: it controls the DNS too)
// keeps it while it stays verified. Nothing here says who holds a name.
import { AppError } from "@/lib/errors/app-error";
import { signToken } from "@/lib/crypto/signed-token";
import { dnsConfig } from "@/lib/domains/dns-config";
import { isAbsent, systemResolver, type DnsResolver } from "@/lib/domains/dns-resolver";

export const claimHost = (name: string) => `_mailroom-claim.${name}`;

/** The TXT value that proves this organization controls the name's DNS. */
export const claimValue = (orgId: string, name: string) => `mailroom-claim=${signToken("domain-claim", [orgId, name]).split(".")[1]}`;

const publish = (orgId: string, name: string) =>
  `publish a TXT record at ${claimHost(name)} with the value ${claimValue(orgId, name)}, then add it again with "claim": true`;

/** 409 for a name another organization holds, saying how to claim it. */
export const takenByAnother = (orgId: string, name: string) =>
  new AppError(
    "CONFLICT",
    `${name} is already registered on this Mailroom installation by another organization. If the domain is yours, ${publish(orgId, name)}: it then moves to your organization.`,
  );

/**
 * Returns when the caller may take the name over from its holder; otherwise the 409 that says
 * why not (no claim asked, the record not found yet, the lookup failed, the holder verified).
 */
export async function assertClaim({
  orgId,
  name,
  claim,
  holderVerified,
  resolver,
}: {
  orgId: string;
  name: string;
  claim: boolean;
  holderVerified: boolean;
  resolver?: DnsResolver;
}) {
  if (!claim) throw takenByAnother(orgId, name);
  let values: string[];
  try {
    values = (await (resolver ?? systemResolver(dnsConfig())).resolveTxt(claimHost(name))).map((strings) => strings.join("").trim());
  } catch (err) {
    if (!isAbsent(err))
      throw new AppError(
        "CONFLICT",
        `The DNS lookup of ${claimHost(name)} did not complete (${(err as { code?: string }).code ?? "error"}); try the claim again shortly.`,
      );
    values = [];
  }
  if (!values.includes(claimValue(orgId, name))) {
    throw new AppError(
      "CONFLICT",
      `No claim record for your organization at ${claimHost(name)} yet (DNS changes can take a while to be seen). To claim ${name}, ${publish(orgId, name)}.`,
    );
  }
  if (holderVerified) {
    throw new AppError(
      "CONFLICT",
      `${name} is verified by the organization that holds it (its SPF and DKIM records pass for it), so it cannot move while they do. It can be claimed once they stop passing (domains are re-checked daily).`,
    );
  }
}
