// The lookups verification makes, behind a small interface so tests can answer them from a
// local DNS server (MAILROOM_DNS_SERVERS) or in memory. The default asks node:dns through a
// Resolver of its own, each lookup bounded by MAILROOM_DNS_TIMEOUT_MS.
import { Resolver } from "node:dns/promises";
import type { DnsConfig } from "@/lib/domains/dns-config";

export interface DnsResolver {
  /** One entry per TXT record, each the record's strings. */
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
}

/** Codes that mean "the DNS answered: there is no such record" (NXDOMAIN, NODATA). */
const ABSENT = new Set(["ENOTFOUND", "ENODATA"]);

export const isAbsent = (err: unknown) => ABSENT.has((err as { code?: string })?.code ?? "");

class LookupTimeout extends Error {
  readonly code = "ETIMEOUT";
}

export function systemResolver(config: Pick<DnsConfig, "servers" | "timeoutMs">): DnsResolver {
  const resolver = new Resolver({ timeout: config.timeoutMs, tries: 1 });
  if (config.servers.length) resolver.setServers(config.servers);
  // c-ares keeps its own timer; this one also covers a TCP retry after a truncated answer.
  const bounded = <T>(lookup: Promise<T>, name: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new LookupTimeout(`DNS lookup of ${name} timed out after ${config.timeoutMs} ms`)),
        config.timeoutMs + 1000,
      );
      lookup.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  return {
    resolveTxt: (name) => bounded(resolver.resolveTxt(name), name),
    resolveCname: (name) => bounded(resolver.resolveCname(name), name),
    resolveMx: (name) => bounded(resolver.resolveMx(name), name),
  };
}
