// The client's address, for per-address throttles (sign-in failures, app registrations): the
// one way to get it. Without TRUST_PROXY it is the address of the socket the request came in on
// (peer-address.ts), whatever X-Forwarded-For says: a client cannot choose it. With TRUST_PROXY
// naming the proxies in front (addresses or CIDR ranges), X-Forwarded-For is read from the
// right, past every entry a trusted proxy added, to the first address no trusted proxy owns:
// entries further left are whatever the client sent, and are never read.
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";
import { PEER_HEADER, plainAddress } from "@/lib/http/peer-address";

type HeaderBag = Headers | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** A BlockList of the given addresses and CIDR ranges (validated in lib/env.ts). */
export function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

let cached: { from: string[]; list: BlockList } | undefined;
function trustedProxies(): BlockList | null {
  const entries = env().TRUST_PROXY;
  if (!entries?.length) return null;
  if (cached?.from !== entries) cached = { from: entries, list: proxyList(entries) };
  return cached.list;
}

const isTrusted = (list: BlockList, address: string) => {
  const type = isIP(address);
  return type !== 0 && list.check(address, type === 6 ? "ipv6" : "ipv4");
};

/** Whether the request came in from one of the proxies TRUST_PROXY names (so its X-Forwarded-* headers are the proxy's word). */
export function viaTrustedProxy(headers: HeaderBag, proxies: BlockList | null = trustedProxies()): boolean {
  const peer = header(headers, PEER_HEADER)?.trim();
  return !!proxies && !!peer && isTrusted(proxies, peer);
}

export function clientAddress(headers: HeaderBag, proxies: BlockList | null = trustedProxies()): string {
  const peer = header(headers, PEER_HEADER)?.trim();
  if (!peer) return "unknown";
  if (!proxies) return peer;
  const forwarded = (header(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((s) => plainAddress(s.trim()))
    .filter(Boolean);
  const chain = [...forwarded, peer];
  let i = chain.length - 1;
  while (i > 0 && isTrusted(proxies, chain[i])) i--;
  return chain[i];
}
