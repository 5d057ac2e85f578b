// A sending (or receiving) domain's name as we store it: lower-case ASCII, internationalized
// names in their punycode (IDNA) form, no trailing dot. Only host names qualify: letters,
// digits and hyphens in labels of at most 63 characters, at least two labels, 253 characters
// in all, and never an IP address (mail can be signed for names only).
import { isIP } from "node:net";
import { domainToASCII } from "node:url";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type DomainNameResult = { ok: true; name: string } | { ok: false; message: string };

export function normalizeDomainName(raw: string): DomainNameResult {
  const trimmed = raw.trim().replace(/\.$/, "");
  if (!trimmed) return { ok: false, message: "give a domain name, e.g. example.com" };
  if (isIP(trimmed) || /^\[.*\]$/.test(trimmed)) return { ok: false, message: "an IP address is not a domain name" };
  // domainToASCII lower-cases, maps Unicode to punycode and answers "" for what IDNA refuses.
  const name = domainToASCII(trimmed);
  if (!name) return { ok: false, message: "not a valid domain name (e.g. example.com)" };
  if (name.length > 253) return { ok: false, message: "a domain name has at most 253 characters" };
  const labels = name.split(".");
  if (labels.length < 2) return { ok: false, message: "give the full domain name with its top-level domain, e.g. example.com" };
  const long = labels.find((l) => l.length > 63);
  if (long) return { ok: false, message: `the label "${long.slice(0, 20)}…" is longer than 63 characters` };
  if (!labels.every((l) => LABEL.test(l)))
    return { ok: false, message: "not a valid domain name: labels hold letters, digits and inner hyphens only (e.g. mail.example.com)" };
  if (/^\d+$/.test(labels[labels.length - 1]))
    return { ok: false, message: "not a valid domain name: the top-level domain cannot be numeric" };
  return { ok: true, name };
}
