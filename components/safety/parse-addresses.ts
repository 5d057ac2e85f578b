// The addresses typed into a test list: one per line or separated by commas (semicolons and
// spaces work too), lower-cased and without repeats, as the server stores them. Whether each
// one is an address is the route's schema's call (createTestListSchema), not this file's.
import type { z } from "zod";

export function splitAddresses(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The addresses a failed parse refused: its issues under emails.<index>. */
export function refusedAddresses(error: z.ZodError, addresses: readonly string[]): string[] {
  const indexes = new Set(
    error.issues.filter((i) => i.path[0] === "emails" && typeof i.path[1] === "number").map((i) => i.path[1] as number),
  );
  return [...indexes].sort((a, b) => a - b).map((i) => addresses[i]);
}
