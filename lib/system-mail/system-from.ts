// The address the instance sends its own mail from (sender confirmations, invitations, password
// resets): SYSTEM_MAIL_FROM, else no-reply@<host of APP_URL>. Never DEFAULT_FROM, which is the
// default of organizations' sends; and no organization may send from this address, so tenant
// mail never looks like the instance's own.
import { isIP } from "node:net";
import { env, type Env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

export function systemMailFrom(): string {
  return env().SYSTEM_MAIL_FROM ?? `no-reply@${new URL(env().APP_URL).hostname}`;
}

/** Derived from the configuration once (every send checks its from against them), per configuration read (env()). */
const derived = new WeakMap<Env, { fromAddress: string; domains: string[] }>();

function fromConfiguration() {
  const e = env();
  let d = derived.get(e);
  if (!d) {
    const from = systemMailFrom();
    const fromAddress = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
    const hosts = [new URL(e.APP_URL).hostname, fromAddress.split("@")[1] ?? "", e.BOUNCE_DOMAIN ?? ""].map((h) =>
      h.toLowerCase().replace(/\.$/, ""),
    );
    d = { fromAddress, domains: [...new Set(hosts.filter((h) => h && !isIP(h) && h !== "localhost"))] };
    derived.set(e, d);
  }
  return d;
}

/** The bare address of systemMailFrom(), lower-cased. */
export function systemFromAddress(): string {
  return fromConfiguration().fromAddress;
}

/** Refuses (403 SENDER_NOT_VERIFIED, in every mode) an organization's send from the instance's own address. */
export function assertNotSystemFrom(address: string): void {
  if (address.trim().toLowerCase() !== systemFromAddress()) return;
  throw new AppError(
    "SENDER_NOT_VERIFIED",
    `${address} is the address this instance sends its own mail from (confirmations, invitations, password resets); organizations cannot send from it. Give another from address.`,
  );
}

/** The domains the instance speaks for itself: the host of APP_URL, the domain of its own
 * mail's from address and the bounce domain (names only: not an IP address or localhost). */
export function instanceDomains(): readonly string[] {
  return fromConfiguration().domains;
}

/**
 * Refuses (400 on `field`) a domain that is one of the instance's own or under one: no
 * organization may verify it, receive mail for it or add a sender at it. Otherwise an
 * organization that received the instance's domain's mail (an inbound domain needs no proof)
 * could confirm any address at it as a sender and send as the instance.
 */
export function assertNotInstanceDomain(domain: string, field: string): void {
  const own = instanceDomainOf(domain);
  if (!own) return;
  const message = `${own} is this instance's own domain: no organization can add it, a domain under it, or an address at it`;
  throw new AppError("VALIDATION_ERROR", `Invalid request: ${field}: ${message}`, [{ path: field, message }]);
}

/** The instance domain `domain` is, or is under; null when it is none of them. */
export function instanceDomainOf(domain: string): string | null {
  const d = domain.toLowerCase().replace(/\.$/, "");
  return instanceDomains().find((i) => d === i || d.endsWith(`.${i}`)) ?? null;
}

/** Refuses (403, in every mode) a send's own from at the instance's domains, whatever rows say
 * (a sender or domain added before these were kept from tenants). The address the operator
 * lends (DEFAULT_FROM) stays usable. */
export function assertNotInstanceAddress(address: string): void {
  const email = address.trim().toLowerCase();
  if (email === env().DEFAULT_FROM?.toLowerCase()) return;
  const own = instanceDomainOf(email.slice(email.lastIndexOf("@") + 1));
  if (!own) return;
  throw new AppError(
    "SENDER_NOT_VERIFIED",
    `${address} is at ${own}, this instance's own domain; organizations cannot send from it. Give another from address.`,
  );
}
