// An address that is not a person's: one of the organization's senders, an address at one of
// its inbound domains, or one of the instance's own (the organizations' default from-address,
// the address of the instance's own mail, the bounce domain). Erasing one would wipe the
// organization's own sent mail or inbox, and exporting one would hand out all of it, so both
// refuse it (400 on the field): a privacy request is about a person the organization mails or
// hears from. Any other address at the organization's sending domains may well be a person's
// (a colleague who is also a contact), so it is not refused.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { organizationsFor } from "@/lib/inbound/inbound-domains";
import { defaultFrom } from "@/lib/email/build-message";
import { systemFromAddress } from "@/lib/system-mail/system-from";
import { atBounceDomain, bounceDomain } from "@/lib/bounces/verp-address";

/** Whether `lower` is one of the instance's own addresses. */
function instanceAddress(lower: string): boolean {
  const domain = bounceDomain();
  return (
    lower === defaultFrom().toLowerCase() ||
    lower === systemFromAddress() ||
    (domain !== null && atBounceDomain({ address: lower, domain }))
  );
}

export async function assertNotOwnAddress({ orgId, email, field }: { orgId: string; email: string; field: string }): Promise<void> {
  const lower = email.toLowerCase();
  const [sender, owners] = await Promise.all([
    db().sender.findFirst({ where: { orgId, email: { equals: lower, mode: "insensitive" } }, select: { id: true } }),
    organizationsFor([lower]),
  ]);
  const why = sender
    ? "one of the organization's senders"
    : owners.get(lower) === orgId
      ? "at one of the organization's inbound domains"
      : instanceAddress(lower)
        ? "one of this instance's own addresses"
        : null;
  if (!why) return;
  const message = `${lower} is ${why}, not a person's address: privacy requests cover the people the organization mails or hears from`;
  throw new AppError("VALIDATION_ERROR", `Invalid request: ${field}: ${message}`, [{ path: field, message }]);
}
