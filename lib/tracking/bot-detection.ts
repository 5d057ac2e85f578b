// Opens and clicks that no person made: link scanners and security gateways that fetch every
// link, previewers, and opens fetched by Apple Mail Privacy Protection (which loads every
// pixel on delivery, from Apple's proxies). They are recorded, flagged, and left out of
// unique-open and unique-click rates.
const SCANNER_AGENTS =
  /bot|crawler|spider|preview|scanner|scan|curl|wget|python|go-http-client|java\/|okhttp|headless|barracuda|mimecast|proofpoint|forcepoint|symantec|trendmicro|microsoft office|safelinks|linkexpander|slackbot|facebookexternalhit|whatsapp|discordbot/i;

export interface RequestTraits {
  method: string;
  userAgent: string | null;
  /** "Purpose: prefetch", "X-Purpose: preview", "Sec-Purpose: prefetch". */
  purpose: string | null;
  /** Milliseconds since the message was sent. */
  sinceSentMs: number | null;
}

export function botReason(t: RequestTraits): string | null {
  if (t.method === "HEAD") return "HEAD request";
  if (t.purpose && /prefetch|preview/i.test(t.purpose)) return "prefetch";
  if (!t.userAgent) return "no user agent";
  if (SCANNER_AGENTS.test(t.userAgent)) return "automated user agent";
  // Apple Mail Privacy Protection: Apple's proxy fetches with a bare "Mozilla/5.0" agent.
  if (/^Mozilla\/5\.0$/.test(t.userAgent.trim())) return "Apple Mail Privacy Protection";
  // No person opens or clicks within two seconds of the send: a gateway scanning it on arrival.
  if (t.sinceSentMs !== null && t.sinceSentMs < 2_000) return "within two seconds of sending";
  return null;
}
