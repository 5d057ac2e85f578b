// What went wrong with a connection to a provider, in Mailroom's own words. Only error codes
// (Node's, nodemailer's) are read, never an error's message: those can carry the remote side's
// text (a greeting, a certificate's names), and the result reaches the tenant through the
// provider's lastError, a message's error and events (docs/security.md).

const WORDS: Record<string, string> = {
  ECONNREFUSED: "the connection was refused",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved (DNS failed)",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  ECONNRESET: "the connection was reset",
  EPIPE: "the connection was closed",
  ETIMEDOUT: "the connection timed out",
  EPROTO: "the TLS handshake failed",
};

/** Errors raised before a request could reach the server (nothing of it was sent). */
const CONNECT_FAILURES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPROTO", "EBLOCKED"]);
const TLS_FAILURE = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};

const isTimeout = (err: unknown) => err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

/** True when the request cannot have reached the server: no connection was made, or TLS or the address policy refused it. */
export function notConnected(err: unknown, connected: boolean): boolean {
  const code = codeOf(err);
  if (code && (CONNECT_FAILURES.has(code) || TLS_FAILURE.test(code))) return true;
  return !connected;
}

/** The failure in our words; the address policy's own message (ours too) is kept as it is. */
export function connectionFailure(err: unknown, timeoutMs: number): string {
  const code = codeOf(err);
  if (code === "EBLOCKED") return `blocked by the outbound address policy: ${(err as Error).message}`;
  if (isTimeout(err)) return `no answer within ${timeoutMs / 1000} s`;
  if (code && TLS_FAILURE.test(code)) return `TLS failed (${code})`;
  if (code && WORDS[code]) return WORDS[code];
  return code ? `network error (${code})` : "network error";
}
