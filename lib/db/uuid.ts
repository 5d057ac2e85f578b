// Whether a text is a UUID, as the database's uuid columns hold them: an id from a URL or a body
// is checked before it is cast to uuid, so a malformed one is "not found", never a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID.test(text);
