import { randomBytes } from "node:crypto";

const ID_BYTES = 16;
/** Random bytes are drawn for this many ids at once: one draw per request cost about 1% of a
 * request's server CPU (crypto.randomUUID draws ahead the same way). */
const IDS_PER_DRAW = 256;
let drawn = Buffer.alloc(0);
let next = 0;

/** `req_` + 16 random bytes: quoted by users to support, logged with every failure. */
export function newRequestId(): string {
  if (next + ID_BYTES > drawn.length) {
    drawn = randomBytes(ID_BYTES * IDS_PER_DRAW);
    next = 0;
  }
  next += ID_BYTES;
  return `req_${drawn.toString("base64url", next - ID_BYTES, next)}`;
}
