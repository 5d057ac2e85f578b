// What the DNS answered, judged against the record we asked the owner to publish. Pure
// functions: each takes the answers found at the record's name and says pass or fail, why.
export type Verdict = { ok: boolean; detail: string };

const host = (h: string) => h.trim().toLowerCase().replace(/\.$/, "");
/** An SPF domain-spec as compared: lower-case, a final dot allowed (RFC 7208 domain-end). */
const domainSpec = (d: string) => d.toLowerCase().replace(/\.$/, "");

/** A TXT record's tags (k=v; k=v), whitespace inside values dropped (DKIM allows folding). */
export function txtTags(value: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of value.split(";")) {
    const i = part.indexOf("=");
    if (i > 0) tags[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).replace(/\s+/g, "");
  }
  return tags;
}

export function evaluateSpf(found: string[], include: string, name: string): Verdict {
  // RFC 7208 4.5: an SPF record begins with exactly "v=spf1", then a space or its end.
  const spf = found.filter((v) => /^v=spf1( |$)/i.test(v));
  if (spf.length === 0) return { ok: false, detail: `No SPF record (v=spf1 …) at ${name}.` };
  if (spf.length > 1)
    return {
      ok: false,
      detail: `${spf.length} SPF records at ${name}: a domain must have exactly one (RFC 7208), so receivers ignore them all. Merge them into one.`,
    };
  const terms = spf[0].toLowerCase().split(/\s+/).filter(Boolean).slice(1);
  const wanted = domainSpec(include);
  // Receivers stop at the first all; a redirect counts only in a record without one.
  const allAt = terms.findIndex((t) => /^[+?~-]?all$/.test(t));
  const evaluated = allAt === -1 ? terms : terms.slice(0, allAt);
  const includes = (t: string) => /^\+?include:/.test(t) && domainSpec(t.slice(t.indexOf(":") + 1)) === wanted;
  if (evaluated.some(includes)) return { ok: true, detail: `The SPF record includes ${include}.` };
  if (allAt === -1 && terms.some((t) => t.startsWith("redirect=") && domainSpec(t.slice(9)) === wanted))
    return { ok: true, detail: `The SPF record redirects to ${include}.` };
  if (terms.some(includes))
    return {
      ok: false,
      detail: `The SPF record at ${name} includes ${include} after its all term, where receivers never look: move include:${include} before it.`,
    };
  return { ok: false, detail: `The SPF record at ${name} does not include ${include}: add include:${include} before its all term.` };
}

export function evaluateDkim(found: string[], publicKey: string, name: string): Verdict {
  const keys = found.map(txtTags).filter((t) => "p" in t);
  if (keys.length === 0) return { ok: false, detail: `No DKIM key record at ${name}.` };
  if (keys.length > 1) return { ok: false, detail: `${keys.length} DKIM key records at ${name}: publish exactly one.` };
  const [t] = keys;
  if (t.v !== undefined && t.v !== "DKIM1") return { ok: false, detail: `The DKIM record at ${name} has v=${t.v}; it must be v=DKIM1.` };
  if (t.k !== undefined && t.k.toLowerCase() !== "rsa")
    return { ok: false, detail: `The DKIM record at ${name} has k=${t.k}; this key is k=rsa.` };
  if (!t.p) return { ok: false, detail: `The DKIM record at ${name} has an empty key (p=), which means revoked.` };
  if (t.p !== publicKey)
    return {
      ok: false,
      detail: `The key published at ${name} is not this domain's key: copy the value again, whole (providers that split long values into quoted strings are fine).`,
    };
  return { ok: true, detail: "The DKIM public key matches." };
}

export function evaluateDmarc(found: string[], name: string): Verdict {
  const dmarc = found.filter((v) => /^v=DMARC1\s*(;|$)/i.test(v.trim()));
  if (dmarc.length === 0) return { ok: false, detail: `No DMARC record (v=DMARC1 …) at ${name}.` };
  if (dmarc.length > 1) return { ok: false, detail: `${dmarc.length} DMARC records at ${name}: receivers ignore them all. Keep one.` };
  return { ok: true, detail: `DMARC policy p=${txtTags(dmarc[0]).p ?? "(none given)"}.` };
}

export function evaluateCname(found: string[], target: string, name: string): Verdict {
  if (found.map(host).includes(host(target))) return { ok: true, detail: `${name} points to ${target}.` };
  return { ok: false, detail: found.length ? `${name} points to ${found.map(host).join(", ")}, not ${target}.` : `No CNAME at ${name}.` };
}

export function evaluateMx(found: string[], exchange: string, name: string): Verdict {
  if (found.map(host).includes(host(exchange))) return { ok: true, detail: `Mail for ${name} is routed to ${exchange}.` };
  return {
    ok: false,
    detail: found.length ? `The MX records of ${name} name ${found.map(host).join(", ")}, not ${exchange}.` : `No MX record at ${name}.`,
  };
}
