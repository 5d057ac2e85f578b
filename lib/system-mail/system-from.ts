// The address the instance sends its own mail from (sender confirmations, invitations, password
// resets): SYSTEM_MAIL_FROM, else no-reply@<host of APP_URL>. Never DEFAULT_FROM, which is the
// default of organizations' sends; and no organization may send from this address, so tenant
// mail never looks like the instance's own.
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";

export function systemMailFrom(): string {
  return env().SYSTEM_MAIL_FROM ?? `no-reply@${new URL(env().APP_URL).hostname}`;
}

/** The bare address of systemMailFrom(), lower-cased. */
export function systemFromAddress(): string {
  const from = systemMailFrom();
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
}

/** Refuses (403 SENDER_NOT_VERIFIED, in every mode) an organization's send from the instance's own address. */
export function assertNotSystemFrom(address: string): void {
  if (address.trim().toLowerCase() !== systemFromAddress()) return;
  throw new AppError("SENDER_NOT_VERIFIED", `${address} is the address this instance sends its own mail from (confirmations, invitations, password resets); organizations cannot send from it. Give another from address.`);
}
