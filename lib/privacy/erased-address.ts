// What stands for an erased address (docs/contacts.md, Erasure). The address itself is gone;
// a keyed hash of it (HMAC-SHA256 under a key derived from AUTH_SECRET for this one purpose,
// over the organization and the lower-cased address) remains where the organization must still
// recognise it: on the suppression list, as `erased:<64 hex>` in place of the address, which
// the send path looks up beside the address itself. Rows that must remain (messages, events,
// campaign sends: counts stay right) read `erased-<12 hex>@erased.invalid` instead: stable
// for one address in one organization, unlinkable across organizations, and never mailable
// (.invalid is reserved, RFC 2606).
import "server-only";
import { createHmac } from "node:crypto";
import { derivedKey } from "@/lib/crypto/derived-key";

export const ERASED_PREFIX = "erased:";

const KEY_PURPOSE = "erased addresses v1";

const digest = (orgId: string, email: string) =>
  createHmac("sha256", derivedKey(KEY_PURPOSE)).update(`${orgId}\n${email.toLowerCase()}`).digest("hex");

/** The suppression list's form of an erased address of this organization. */
export const erasedKey = ({ orgId, email }: { orgId: string; email: string }) => `${ERASED_PREFIX}${digest(orgId, email)}`;

/** The keys of many recipients at once (the send path's lookup). */
export const erasedKeys = ({ orgId, emails }: { orgId: string; emails: string[] }) => emails.map((email) => erasedKey({ orgId, email }));

/** The domain of every placeholder: reserved, never mailable. */
export const ERASED_DOMAIN = "erased.invalid";

/** The address rows that must remain carry in place of the erased one. */
export const placeholderAddress = ({ orgId, email }: { orgId: string; email: string }) =>
  `erased-${digest(orgId, email).slice(0, 12)}@${ERASED_DOMAIN}`;

/** True for a suppression row that holds a keyed hash rather than an address. */
export const isErasedKey = (stored: string) => stored.startsWith(ERASED_PREFIX);
