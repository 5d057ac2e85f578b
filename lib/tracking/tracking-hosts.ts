// Which hosts this instance answers tracking requests on. The instance's own host (APP_URL's)
// answers every token; a domain's tracking host (lib/domains/tracking-host.ts) answers /t/
// requests for its own tokens once its CNAME has been found while the domain is verified. Any
// other host gets 404 on /t/.
//
// Every request on a host other than the instance's asks this, so the registered hosts are
// read in one statement and kept for TTL_MS, shared by the whole process (the two tracking
// routes are bundled apart): a request never costs a query of its own, whatever Host
// it sends. A host set, verified or removed is seen within TTL_MS.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { requestHostname } from "@/lib/http/request-host";

const TTL_MS = 10_000;

/** Each registered tracking host: whether its CNAME has been found. */
type Registered = Map<string, boolean>;

// Verified: its CNAME was found while the domain itself was verified (verify-domain.ts), the
// domain's own records proving the organization holds that DNS.
const REGISTERED = Prisma.sql`SELECT tracking_host, tracking_verified_at IS NOT NULL AND status = 'verified' AS verified FROM domains WHERE tracking_host IS NOT NULL`;

const holder = globalThis as unknown as { __mailroomTrackingHosts?: { at: number; hosts: Promise<Registered> } };

async function load(): Promise<Registered> {
  const rows = await rawQuery<{ tracking_host: string; verified: boolean }>(REGISTERED);
  return new Map(rows.map((r) => [r.tracking_host, r.verified]));
}

function registered(now = Date.now()): Promise<Registered> {
  const cached = holder.__mailroomTrackingHosts;
  if (cached && now - cached.at < TTL_MS) return cached.hosts;
  const hosts = load();
  holder.__mailroomTrackingHosts = { at: now, hosts };
  // A failed read is not kept: the next request reads again.
  hosts.catch((err) => {
    if (holder.__mailroomTrackingHosts?.hosts === hosts) holder.__mailroomTrackingHosts = undefined;
    log.warn("reading the tracking hosts failed", { err: err instanceof Error ? err.message : String(err) });
  });
  return hosts;
}

const instanceHostname = () => new URL(env().APP_URL).hostname.toLowerCase();

const isVerified = async (host: string) => (await registered().catch(() => new Map() as Registered)).get(host) === true;

/**
 * Whether a /t/ request for a token made for `tokenHost` (absent: the instance's host) is
 * answered on the request's host: the instance's always, else only the token's own tracking
 * host, and only while it is verified. Another organization's verified tracking host refuses it.
 */
export async function servesTracking(headers: Headers, tokenHost: string | undefined): Promise<boolean> {
  const host = requestHostname(headers);
  if (!host) return false;
  if (host === instanceHostname()) return true;
  return host === tokenHost && (await isVerified(host));
}
