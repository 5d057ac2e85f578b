// What the DNS records of a sending domain point at, and how verification looks them up.
// Defaults derive from APP_URL's host so a fresh installation shows sensible records; an
// operator sets the MAILROOM_* variables to the names their mail actually leaves from.
import { env } from "@/lib/env";

export interface DnsConfig {
  /** The SPF include every domain's record names (include:<spfInclude>). */
  spfInclude: string;
  /** Where each domain's return-path CNAME (bounces.<domain>) points. */
  returnPathTarget: string;
  /** The inbound MX target: the host of Mailroom's SMTP listener (as docs/inbound.md). */
  mxHost: string;
  /** Where each domain's tracking host CNAME points: the instance's public host (APP_URL's). */
  trackingTarget: string;
  /** DNS servers to ask ("ip" or "ip:port"); empty: the system's resolvers. */
  servers: string[];
  /** Each lookup gives up after this long. */
  timeoutMs: number;
}

const bare = (host: string) => host.trim().toLowerCase().replace(/\.$/, "");

export function dnsConfig(): DnsConfig {
  const e = env();
  const appHost = new URL(e.APP_URL).hostname.replace(/^\[|\]$/g, "");
  return {
    spfInclude: bare(e.MAILROOM_SPF_INCLUDE ?? `_spf.${appHost}`),
    returnPathTarget: bare(e.MAILROOM_RETURN_PATH_TARGET ?? `bounces.${appHost}`),
    mxHost: bare(e.INBOUND_SMTP_HOSTNAME ?? appHost),
    trackingTarget: bare(appHost),
    servers: (e.MAILROOM_DNS_SERVERS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    timeoutMs: e.MAILROOM_DNS_TIMEOUT_MS,
  };
}
