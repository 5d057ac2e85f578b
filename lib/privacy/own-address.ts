// An address that is the organization's own, not a person's: one of its senders, or an
// address at one of its inbound domains. Erasing one would wipe the organization's own sent
// mail or inbox, and exporting one would hand out all of it, so both refuse it (400 on the
// field): a privacy request is about a person the organization mails or hears from.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { organizationsFor } from "@/lib/inbound/inbound-domains";

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
      : null;
  if (!why) return;
  const message = `${lower} is ${why}, not a person's address: privacy requests cover the people the organization mails or hears from`;
  throw new AppError("VALIDATION_ERROR", `Invalid request: ${field}: ${message}`, [{ path: field, message }]);
}
