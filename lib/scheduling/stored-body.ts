// A scheduled send keeps its body as the caller could have written it, so the send schema
// parses it again when it goes (addresses back to "Name <a@b.co>" strings).
import type { Address } from "@/lib/providers/adapter";
import type { SendEmailInput } from "@/lib/email/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The mailbox as written; a name's quotes and angle brackets (which the parser does not take) are dropped. */
const written = (a: Address) => (a.name ? `${a.name.replace(/["<>]/g, "")} <${a.email}>` : a.email);

export function storedBody(input: SendEmailInput): Prisma.InputJsonObject {
  const { to, cc, bcc, from, replyTo, ...rest } = input;
  return JSON.parse(
    JSON.stringify({
      ...rest,
      to: to.map(written),
      ...(cc ? { cc: cc.map(written) } : {}),
      ...(bcc ? { bcc: bcc.map(written) } : {}),
      ...(from ? { from: written(from) } : {}),
      ...(replyTo ? { replyTo: written(replyTo) } : {}),
    }),
  ) as Prisma.InputJsonObject;
}
