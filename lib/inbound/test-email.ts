// The message POST /api/inbound/test describes, in the shape the rules read.
import { addressList } from "@/lib/inbound/sources/addresses";
import type { MatchableEmail } from "@/lib/inbound/evaluate-rules";
import type { RuleTestInput } from "@/lib/inbound/schemas";

export function testEmail(input: RuleTestInput): MatchableEmail {
  const headers = Object.entries(input.headers ?? {}).map(([name, value]) => ({ name: name.toLowerCase(), value }));
  return {
    from: { address: input.from.email.toLowerCase(), name: input.from.name ?? "" },
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
