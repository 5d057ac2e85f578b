// The addresses typed into a test list: one per line or separated by commas (semicolons and
// spaces work too), lower-cased and without repeats, as the server stores them.
import { z } from "zod";

const email = z.email();

export function parseAddresses(text: string): { addresses: string[]; invalid: string[] } {
  const addresses = [...new Set(text.split(/[\s,;]+/).map((a) => a.trim().toLowerCase()).filter(Boolean))];
  return { addresses, invalid: addresses.filter((a) => !email.safeParse(a).success) };
}
