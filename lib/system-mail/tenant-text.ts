// The one way tenant text (an organization's name) appears in mail the instance sends. The
// operator's transport is trusted, so whatever it carries must not read as the instance's own
// words: tenant text never goes into a subject, and in a body only as short quoted plain text
// with anything link-like defanged, so no mail client turns it into a link ("Your bank: verify
// at https://evil.example" becomes “Your bank: verify at https[:]//evil[.]example”).
export const TENANT_TEXT_MAX = 60;

// Dots a linkifier may read as one: ASCII, ideographic, fullwidth, halfwidth.
const DOT_BETWEEN = /(?<=[^\s.。．｡])[.。．｡](?=[\p{L}\p{N}])/gu;

/** The tenant's text as a quoted, cut, defanged plain string (escape it again for HTML). */
export function quotedTenantText(raw: string): string {
  let s = raw
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "") // zero-width and direction marks
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...s];
  if (chars.length > TENANT_TEXT_MAX) s = `${chars.slice(0, TENANT_TEXT_MAX).join("").trimEnd()}…`;
  s = s.replace(/:\/\//g, "[:]//").replace(/:\\\\/g, "[:]\\\\").replace(DOT_BETWEEN, "[.]").replace(/[“”"]/g, "'");
  return `“${s || "(unnamed)"}”`;
}
