import type { z } from "zod";

/**
 * The first problem per top-level field of a failed safeParse. Where `messages` names a
 * field, that wording wins over zod's generic one ("Too small: expected string...").
 */
export function fieldErrors<K extends string>(error: z.ZodError, messages: Partial<Record<K, string>> = {}): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as K;
    if (out[field] === undefined) out[field] = messages[field] ?? issue.message;
  }
  return out;
}
