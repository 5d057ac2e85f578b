// Downloads SNS signing certificates for the default SES source. Only called with URLs that
// already passed the SNS host check (sns-signature.ts); AWS rotates these certificates
// rarely and publishes each at a new URL, so a certificate is cached for the process's life.
const TIMEOUT_MS = 5_000;
const MAX_CACHED = 50;
const MAX_PEM_CHARS = 16 * 1024;

async function download(url: URL): Promise<string> {
  // No redirects: a redirect could lead off the SNS host that the URL check vouched for.
  const res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`SNS signing certificate ${url.href} answered HTTP ${res.status}`);
  const pem = await res.text();
  if (pem.length > MAX_PEM_CHARS || !pem.includes("-----BEGIN CERTIFICATE-----")) {
    throw new Error(`SNS signing certificate ${url.href} is not a PEM certificate`);
  }
  return pem;
}

/** A fetchCertificate that downloads each URL once; failures are not cached, so they are retried. */
export function createCertificateFetcher(fetchPem: (url: URL) => Promise<string> = download): (url: URL) => Promise<string> {
  const cache = new Map<string, Promise<string>>();
  return (url) => {
    const cached = cache.get(url.href);
    if (cached) return cached;
    const pending = fetchPem(url);
    // Bounded all the same (oldest out): the cache must not grow with whatever URLs arrive.
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(url.href, pending);
    pending.catch(() => {
      if (cache.get(url.href) === pending) cache.delete(url.href);
    });
    return pending;
  };
}
