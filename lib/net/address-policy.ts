// Which IP addresses outbound requests to customer-supplied URLs (webhooks) may reach.
//
// Why: a webhook URL is chosen by a user but fetched by our server, from inside our network.
// Without this check a URL (or a hostname whose DNS answer the user controls) could point
// at loopback services, the cloud metadata endpoint (169.254.169.254), databases on private
// ranges, and so on: server-side request forgery (SSRF). We allow only addresses that
// ipaddr.js classifies as ordinary global "unicast" and refuse everything else.
import ipaddr from "ipaddr.js";

// IPv4-compatible IPv6 (::a.b.c.d, RFC 4291 §2.5.5.1) is deprecated and never legitimately
// used, but ipaddr.js calls it "unicast"; some stacks have mapped it onto IPv4, so refuse it.
const ipv4Compatible = ipaddr.IPv6.parse("::");

/**
 * The ipaddr.js range name of `ip` ("unicast", "private", "loopback", …), with IPv4-mapped
 * IPv6 (::ffff:a.b.c.d) judged as the IPv4 address it stands for, or null when `ip` is not
 * an IP address. Exposed so callers can say *why* an address was refused.
 */
export function addressRange(ip: string): string | null {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() parses and turns ::ffff:127.0.0.1 into 127.0.0.1, so a mapped loopback
    // address is classified as loopback rather than as some IPv6 range.
    addr = ipaddr.process(ip);
  } catch {
    return null;
  }
  const range = addr.range();
  if (range === "unicast" && addr.kind() === "ipv6" && addr.match(ipv4Compatible, 96)) return "ipv4Compatible";
  return range;
}

/**
 * True only for ordinary globally routable unicast addresses. Everything else is refused:
 * loopback, private (RFC 1918), link-local (incl. 169.254.169.254, fe80::/10), CGNAT
 * (100.64/10), multicast, broadcast, reserved, unspecified, unique-local (fc00::/7),
 * benchmarking, AS112, and every IPv6 range that embeds an IPv4 address (6to4, Teredo,
 * NAT64 rfc6052, rfc6145): we do not unpack those, so they could hide a private target.
 * Unparsable input is refused too.
 */
export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === "unicast";
}
