// The first send as a shell command: POST /api/v1/email/send with a Bearer key, to the
// signed-in user's own address. Used on the overview and in the new-key dialog.

/** Where a key that is not on screen goes: the reader exports it first. */
export const KEY_VARIABLE = "$MAILROOM_KEY";

/** Single-quotes a value for a POSIX shell ('\'' ends, escapes and reopens the quote). */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The curl for a first send. `key` is the whole key when it is on screen, else KEY_VARIABLE
 * (inside double quotes, so the shell expands it); `origin` is the dashboard's own.
 */
export function firstSendCurl({ origin, key, to }: { origin: string; key: string; to: string }): string {
  const body = JSON.stringify({ to, subject: "Hello from Mailroom", text: "It works." });
  return [
    `curl -X POST ${origin}/api/v1/email/send \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuote(body)}`,
  ].join("\n");
}

/** Whether a key's scopes let it send. */
export const canSendWith = (scopes: readonly string[]) => scopes.includes("*") || scopes.includes("email:send");
