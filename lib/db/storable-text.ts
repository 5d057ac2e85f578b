// Text PostgreSQL can store. A NUL character (U+0000) fails any text or jsonb value (22021,
// 22P05), and a lone UTF-16 surrogate fails a jsonb value ("lone surrogate in hex escape"):
// either would surface as a 500. Callers' input is refused for them at the edge (parse-input);
// text the product records from elsewhere (inbound mail, uploaded files) is cleaned instead.

/** Why a string cannot be stored, or null when it can. */
export function unstorable(s: string): string | null {
  if (s.includes("\u0000")) return "NUL characters (\\u0000) are not allowed";
  if (!s.isWellFormed()) return "not well-formed Unicode (a lone surrogate)";
  return null;
}

/** The first string (or object key) in `value` that cannot be stored: its path and why. Walks
 * without recursion, so any input is safe. */
export function findUnstorable(value: unknown): { path: string[]; problem: string } | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      const problem = unstorable(v);
      if (problem) return { path, problem };
    } else if (typeof v === "object" && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        const problem = unstorable(k);
        if (problem) return { path: [...path, k.toWellFormed().replaceAll("\u0000", "")], problem };
        stack.push([child, [...path, k]]);
      }
    }
  }
  return null;
}

/** The text without NUL characters and with lone surrogates replaced (U+FFFD). */
export const storableText = (s: string): string => s.replaceAll("\u0000", "").toWellFormed();

/** Every string in `value` made storable (object keys too); bytes and dates stay as they are. */
export function storable<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v)])) as T;
  }
  return value;
}
