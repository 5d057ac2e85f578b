// The return path (VERP envelope sender) of a message sent through an SMTP relay to one of its
// recipients, when the operator sets BOUNCE_DOMAIN: b-<message id, 32 hex>-<MAC, 20 hex>@<bounce
// domain>. The MAC, under a key derived from AUTH_SECRET for this one purpose, covers the message
// and the recipient: a report to an address we never issued is refused at RCPT TO, one cannot be
// made up for another organization's message, and a recipient, who sees only their own, can
// report only on themselves. The local part is lower-case (some MTAs fold case) and 55 octets
// (RFC 5321 allows 64).
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { macOf } from "@/lib/crypto/signed-token";
import { env } from "@/lib/env";

const PURPOSE = "bounce address of a recipient";
const MAC_HEX = 20;
const LOCAL_PART = /^b-([0-9a-f]{32})-([0-9a-f]{20})$/;

const macHex = (hex: string, recipient: string) => macOf(PURPOSE, `${hex} ${recipient.toLowerCase()}`).toString("hex").slice(0, MAC_HEX);

/** The instance's bounce domain (BOUNCE_DOMAIN, lower-case), or null when reports are not received. */
export const bounceDomain = (): string | null => env().BOUNCE_DOMAIN ?? null;

/** The return path for our message `messageId` (a uuid) to `recipient`, at `domain`. */
export function verpAddress({ messageId, recipient, domain }: { messageId: string; recipient: string; domain: string }): string {
  const hex = messageId.replaceAll("-", "").toLowerCase();
  return `b-${hex}-${macHex(hex, recipient)}@${domain}`;
}

/** Whether `address` is at the bounce domain `domain` (signed or not). */
export function atBounceDomain({ address, domain }: { address: string; domain: string }): boolean {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase() === domain;
}

/** A return path read: the message it names and its MAC, not yet checked against a recipient. */
export interface ReturnPath {
  messageId: string;
  mac: string;
}

/** What a return path at `domain` says, or null (another domain, another form). Only issuedTo tells whether we issued it. */
export function readVerpAddress({ address, domain }: { address: string; domain: string }): ReturnPath | null {
  const at = address.lastIndexOf("@");
  if (at < 0 || !atBounceDomain({ address, domain })) return null;
  const match = LOCAL_PART.exec(address.slice(0, at).toLowerCase());
  if (!match) return null;
  const [, hex, mac] = match;
  const messageId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { messageId, mac };
}

/** The one of `recipients` (the message's, lower-case) `path` was issued for, or null. */
export function issuedTo(path: ReturnPath, recipients: string[]): string | null {
  const hex = path.messageId.replaceAll("-", "");
  const given = Buffer.from(path.mac);
  return recipients.find((r) => timingSafeEqual(given, Buffer.from(macHex(hex, r)))) ?? null;
}

/** `recipients` split: those at the bounce domain, whose mail is a report about our own, and the others (all of them when BOUNCE_DOMAIN is unset). */
export function splitRecipients(recipients: string[]): { domain: string | null; reports: string[]; mail: string[] } {
  const domain = bounceDomain();
  const isReport = (address: string) => domain !== null && atBounceDomain({ address, domain });
  return { domain, reports: recipients.filter(isReport), mail: recipients.filter((a) => !isReport(a)) };
}
