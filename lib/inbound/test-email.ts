// The message POST /api/inbound/test describes, in the shape the rules read.
import addressparser from "nodemailer/lib/addressparser";
import type { InboundAddress } from "@/lib/inbound/inbound-email";
import type { MatchableEmail } from "@/lib/inbound/evaluate-rules";
import type { RuleTestInput } from "@/lib/inbound/schemas";

function addressList(value: string | undefined): InboundAddress[] {
  if (!value) return [];
  return addressparser(value, { flatten: true })
    .filter((a) => a.address)
    .map((a) => ({ address: a.address.toLowerCase(), name: a.name ?? "" }));
}

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
