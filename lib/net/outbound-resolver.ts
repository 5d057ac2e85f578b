// How outbound connections to tenant-chosen hosts resolve names: the system resolver (as
// every client does: /etc/hosts, the container's DNS), or, when the operator sets
// OUTBOUND_DNS_SERVERS, those DNS servers (a filtering resolver of their own; tests point it at
// a local DNS server to prove that DNS rebinding is refused at connect time).
import dns from "node:dns";
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "@/lib/env";

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const TIMEOUT_MS = 5_000;
let cached: { servers: string; resolver: Resolver } | undefined;

function configuredResolver(): Resolver | null {
  const servers = env().OUTBOUND_DNS_SERVERS ?? "";
  if (!servers) return null;
  if (cached?.servers !== servers) {
    const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
    resolver.setServers(
      servers
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );
    cached = { servers, resolver };
  }
  return cached.resolver;
}

/** Every address `host` resolves to (of `family` when given); an IP literal is its own answer. */
export async function resolveAll(host: string, family?: 4 | 6): Promise<{ address: string; family: number }[]> {
  const literal = isIP(host);
  if (literal) return [{ address: host, family: literal }];
  const resolver = configuredResolver();
  if (!resolver) return dns.promises.lookup(host, { all: true, verbatim: true, ...(family ? { family } : {}) });
  const [v4, v6] = await Promise.allSettled([family === 6 ? [] : resolver.resolve4(host), family === 4 ? [] : resolver.resolve6(host)]);
  const found = [
    ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (found.length === 0) throw Object.assign(new Error(`could not resolve ${host}`), { code: "ENOTFOUND" });
  return found;
}
