// The message POST /api/inbound/test describes, in the shape the rules read.
import { addressList } from "@/lib/inbound/sources/addresses";
import type { MatchableEmail } from "@/lib/inbound/evaluate-rules";
import type { RuleTestInput } from "@/lib/inbound/schemas";

export function testEmail(input: RuleTestInput): MatchableEmail {
  const headers = Object.entries(input.headers ?? {}).map(([name, value]) => ({ name: name.toLowerCase(), value }));
  return {
    // SPEC takes any string: a parseable address is read as one, anything else tested as written.
    from: addressList(input.from)[0] ?? { address: input.from.trim().toLowerCase(), name: "" },
    to: addressList(input.to),
    cc: addressList(input.cc),
    subject: input.subject,
    text: input.body ?? "",
    html: null,
    size: input.size ?? Buffer.byteLength(input.subject) + Buffer.byteLength(input.body ?? ""),
    headers,
    attachments: input.attachments ?? [],
  };
}
