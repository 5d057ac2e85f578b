// Webhook URL policy (DESIGN §4): https only, and no host that is or resolves to a
// non-public address. Checked twice: when an endpoint is saved (checkWebhookUrl, for a clear
// 400) and when a delivery connects (guardedLookup + assertPublicHost), because DNS answers
// can change between the two (DNS rebinding). ALLOW_PRIVATE_WEBHOOK_URLS lifts the address
// rules for local development and tests; callers pass it in as `allowPrivate`.
import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { addressRange, isPublicAddress } from "@/lib/net/address-policy";

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;
export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const defaultLookup: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

const rangeWords: Record<string, string> = {
  loopback: "a loopback address", private: "a private address", linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address", uniqueLocal: "a unique-local address",
  multicast: "a multicast address", broadcast: "a broadcast address", unspecified: "an unspecified address",
};
const describeAddress = (ip: string) => rangeWords[addressRange(ip) ?? ""] ?? "a reserved or non-public address";

// WHATWG URL keeps the brackets around IPv6 literals ("[::1]"); net and ipaddr want them off.
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

// A resolved address is never named in a message: it would let a user map internal DNS.
function blocked(host: string, address: string): NodeJS.ErrnoException {
  const what = host === address ? `is ${describeAddress(address)}` : "resolves to a non-public address";
  const err: NodeJS.ErrnoException = new Error(`webhook host ${host} ${what}`);
  err.code = "EBLOCKED";
  return err;
}

/** Validates a webhook URL for storage; never throws. */
export async function checkWebhookUrl(raw: string, opts: { allowPrivate?: boolean; lookup?: LookupAll } = {}): Promise<UrlCheck> {
  let url: URL;
  try {
    // new URL() also canonicalises odd IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
    // to dotted quads, so the address checks below see the address that would be dialled.
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "URL is not valid" };
  }
  const schemes = opts.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return { ok: false, reason: opts.allowPrivate ? "URL must use http or https" : "URL must use https" };
  // Credentials in the URL would be stored and logged in clear, and "https://good@evil/" is a
  // classic way to disguise the real host. Refused even in development so behaviour matches.
  if (url.username || url.password) return { ok: false, reason: "URL must not contain a username or password" };
  // A fragment is never sent over HTTP, so it is harmless; drop it so the stored URL is
  // exactly what gets requested.
  url.hash = "";
  if (opts.allowPrivate) return { ok: true, url };

  const host = bareHost(url);
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return { ok: false, reason: `host ${host} is a local name` };
  if (isIP(host)) {
    return isPublicAddress(host) ? { ok: true, url } : { ok: false, reason: `host ${host} is ${describeAddress(host)}` };
  }
  let addresses: { address: string }[];
  try {
    addresses = await (opts.lookup ?? defaultLookup)(host);
  } catch {
    // Not the resolver's error code: it would tell internal names apart.
    return { ok: false, reason: `could not resolve host ${host}` };
  }
  if (addresses.length === 0) return { ok: false, reason: `could not resolve host ${host}` };
  // Any non-public answer refuses the URL: the client may connect to any of them.
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) return { ok: false, reason: `host ${host} resolves to a non-public address` };
  return { ok: true, url };
}

/**
 * A `lookup` for http(s).request / net.connect that refuses non-public answers, so the
 * address checked is the very address connected to (no window for DNS rebinding).
 * Errors carry code "EBLOCKED". Handles both the `all: true` and single-address forms.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      const fail = (e: NodeJS.ErrnoException) => (options.all ? callback(e, []) : callback(e, "", 0));
      if (err) return fail(err);
      if (addresses.length === 0) return fail(Object.assign(new Error(`could not resolve ${hostname}`), { code: "ENOTFOUND" }));
      const bad = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return fail(blocked(hostname, bad.address));
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Node does not call `lookup` for IP-literal hosts, so deliveries call this before
 * connecting. Throws an Error with code "EBLOCKED" for a non-public literal address.
 */
export function assertPublicHost(url: URL, allowPrivate: boolean): void {
  const host = bareHost(url);
  if (allowPrivate || !isIP(host) || isPublicAddress(host)) return;
  throw blocked(host, host);
}
