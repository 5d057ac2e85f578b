// The digest in an event's dedupe key when the key is made from what the event says (its
// message, recipient, type, time...) rather than an id a provider gave. Keyed (HMAC-SHA256
// under a key derived from AUTH_SECRET for this purpose alone): a key that hashed a recipient
// in the clear would let anyone holding the row confirm a guessed address, even after the
// address itself was erased (lib/privacy).
import "server-only";
import { createHmac } from "node:crypto";
import { derivedKey } from "@/lib/crypto/derived-key";

export const dedupeDigest = (text: string): string => createHmac("sha256", derivedKey("event dedupe keys v1")).update(text).digest("hex");
