// The outbound address policy (DESIGN §7): every connection whose address a tenant chooses
// (webhook URLs, provider API base URLs and endpoints, SMTP relays, and later attachment URLs)
// must use https for HTTP APIs and reach only public addresses. Checked twice: when the
// address is saved (checkOutboundUrl / checkOutboundHost, for a clear 400) and when the
// connection is made (guardedLookup, assertPublicHost, resolvePublicAddress), against the
// address actually dialled, because DNS answers can change between the two (DNS rebinding).
// Each kind of address has its operator switch that lifts the address rules (webhooks:
// ALLOW_PRIVATE_WEBHOOK_URLS; providers and relays: ALLOW_PRIVATE_PROVIDER_HOSTS); callers
// pass the one that applies in as `allowPrivate`.
import { isIP, type LookupFunction } from "node:net";
import { addressRange, isPublicAddress } from "@/lib/net/address-policy";
import { resolveAll, type LookupAll } from "@/lib/net/outbound-resolver";

export type { LookupAll } from "@/lib/net/outbound-resolver";
/** `switchable`: the operator's switch (allowPrivate) would have accepted the URL. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string; switchable?: boolean };
export type HostCheck = { ok: true } | { ok: false; reason: string };

export interface OutboundPolicy {
  /** The operator's switch is on: private addresses (and plain http) are allowed. */
  allowPrivate: boolean;
  /** What the address is, for messages: "webhook host", "provider host". */
  subject: string;
}

const rangeWords: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  uniqueLocal: "a unique-local address",
  multicast: "a multicast address",
  broadcast: "a broadcast address",
  unspecified: "an unspecified address",
};
const describeAddress = (ip: string) => rangeWords[addressRange(ip) ?? ""] ?? "a reserved or non-public address";

// WHATWG URL keeps the brackets around IPv6 literals ("[::1]"); net and ipaddr want them off.
const bareHost = (host: string) => host.replace(/^\[(.*)\]$/, "$1");

/** The one answer for a name that does not resolve, fails to resolve, or resolves to a refused
 * address: telling these apart would let a tenant probe which internal names exist. A resolved
 * address is never named either: it would let a user map internal DNS. */
export const noPublicAddress = (host: string) => `cannot reach ${host}: it does not resolve to a public address`;

function blockedError(message: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(message);
  err.code = "EBLOCKED";
  return err;
}

/** A non-public IP literal (the tenant wrote the address, so naming its kind tells them nothing). */
const blockedLiteral = (subject: string, address: string) => blockedError(`${subject} ${address} is ${describeAddress(address)}`);
/** A name with no public address to connect to: see noPublicAddress. */
const blockedName = (subject: string, host: string) => blockedError(`${subject} ${noPublicAddress(host)}`);

/** Every address of `host`, all public unless the policy allows private ones; a name that does
 * not resolve is refused with the same error as one that resolves to a private address. */
async function publicAddresses(host: string, policy: OutboundPolicy, family?: 4 | 6): Promise<{ address: string; family: number }[]> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolveAll(host, family);
  } catch (err) {
    if (policy.allowPrivate) throw err;
    throw blockedName(policy.subject, host);
  }
  if (addresses.length === 0)
    throw policy.allowPrivate
      ? Object.assign(new Error(`could not resolve ${host}`), { code: "ENOTFOUND" })
      : blockedName(policy.subject, host);
  if (!policy.allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw blockedName(policy.subject, host);
  return addresses;
}

/** Validates a host name or IP address for storage (an SMTP relay's host); never throws. */
export async function checkOutboundHost(raw: string, opts: { allowPrivate?: boolean; lookup?: LookupAll } = {}): Promise<HostCheck> {
  if (opts.allowPrivate) return { ok: true };
  const host = bareHost(raw.trim());
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return { ok: false, reason: `host ${host} is a local name` };
  if (isIP(host)) return isPublicAddress(host) ? { ok: true } : { ok: false, reason: `host ${host} is ${describeAddress(host)}` };
  let addresses: { address: string }[];
  try {
    addresses = await (opts.lookup ?? resolveAll)(host);
  } catch {
    // Not the resolver's error code, nor other words than a private answer gets: either would tell internal names apart.
    return { ok: false, reason: noPublicAddress(host) };
  }
  // Any non-public answer refuses the host: the client may connect to any of them.
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return { ok: false, reason: noPublicAddress(host) };
  return { ok: true };
}

/** Validates a URL for storage (a webhook URL, an API base URL); never throws. */
export async function checkOutboundUrl(raw: string, opts: { allowPrivate?: boolean; lookup?: LookupAll } = {}): Promise<UrlCheck> {
  let url: URL;
  try {
    // new URL() also canonicalises odd IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
    // to dotted quads, so the address checks below see the address that would be dialled.
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "URL is not valid" };
  }
  const schemes = opts.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) {
    return opts.allowPrivate
      ? { ok: false, reason: "URL must use http or https" }
      : { ok: false, reason: "URL must use https", switchable: url.protocol === "http:" };
  }
  // Credentials in the URL would be stored and logged in clear, and "https://good@evil/" is a
  // classic way to disguise the real host. Refused even in development so behaviour matches.
  if (url.username || url.password) return { ok: false, reason: "URL must not contain a username or password" };
  // A fragment is never sent over HTTP, so it is harmless; drop it so the stored URL is
  // exactly what gets requested.
  url.hash = "";
  const host = await checkOutboundHost(url.hostname, opts);
  return host.ok ? { ok: true, url } : { ...host, switchable: true };
}

/**
 * A `lookup` for http(s).request / net.connect / agents that refuses non-public answers, so the
 * address checked is the very address connected to (no window for DNS rebinding). Errors carry
 * code "EBLOCKED", for a name that does not resolve as for one that resolves to a private
 * address (publicAddresses). Handles both the `all: true` and single-address forms.
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (e: NodeJS.ErrnoException) => (options.all ? callback(e, []) : callback(e, "", 0));
    publicAddresses(hostname, policy, options.family === 4 || options.family === 6 ? options.family : undefined).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => fail(err),
    );
  };
}

/**
 * Node does not call `lookup` for IP-literal hosts, so connections call this before
 * connecting. Throws an Error with code "EBLOCKED" for a non-public literal address.
 */
export function assertPublicHost(target: URL | string, policy: OutboundPolicy): void {
  const host = bareHost(typeof target === "string" ? target : target.hostname);
  if (policy.allowPrivate || !isIP(host) || isPublicAddress(host)) return;
  throw blockedLiteral(policy.subject, host);
}

/**
 * The scheme again at connect time: an address saved while the switch was on may be plain
 * http. Then the literal-address check; host names are checked by guardedLookup.
 */
export function assertOutboundUrl(url: URL, policy: OutboundPolicy): void {
  if (!policy.allowPrivate && url.protocol !== "https:")
    throw Object.assign(new Error(`${policy.subject} ${url.host} is not reached over https`), { code: "EBLOCKED" });
  assertPublicHost(url, policy);
}

/**
 * Resolves `host` once and checks every answer, for clients that resolve on their own
 * (nodemailer): they are given the checked address to connect to, and the name only for TLS.
 * The one lookup the connection would have made anyway, not an extra one.
 */
export async function resolvePublicAddress(host: string, policy: OutboundPolicy): Promise<string> {
  const bare = bareHost(host);
  if (isIP(bare)) {
    assertPublicHost(bare, policy);
    return bare;
  }
  return (await publicAddresses(bare, policy))[0].address;
}
