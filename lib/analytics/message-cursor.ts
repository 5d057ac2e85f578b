// The messages API's cursor: where the last page ended in the list's order (created_at, id, both
// descending), so the next page starts right after it however many messages arrive meanwhile.
// Opaque to clients: base64url of "<created_at ISO>|<id>".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MessageCursor {
  createdAt: Date;
  id: string;
}

export const encodeCursor = ({ createdAt, id }: MessageCursor) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

/** The cursor, or null when the text is not one this API gave out. */
export function decodeCursor(text: string): MessageCursor | null {
  const [at, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}
