// The messages API's cursor: where the last page ended in the list's order (created_at, id, both
// descending), so the next page starts right after it however many messages arrive meanwhile.
// Opaque to clients: base64url of "<created_at ISO>|<id>".
import { isUuid } from "@/lib/db/uuid";

/** Exactly what toISOString writes, for a year 1970 to 9999 (messages are never older): signed,
 * six-digit or year-0 dates are not a cursor of ours (PostgreSQL has no year 0). */
const ISO = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export interface MessageCursor {
  createdAt: Date;
  id: string;
}

export const encodeCursor = ({ createdAt, id }: MessageCursor) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

/** The cursor, or null when the text is not one this API gave out. */
export function decodeCursor(text: string): MessageCursor | null {
  const [at, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !at || !ISO.test(at) || !id || !isUuid(id)) return null;
  const createdAt = new Date(at);
  // A date that does not exist (2026-02-30) would come back as another one.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return null;
  return { createdAt, id };
}
