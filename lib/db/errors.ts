/** True for a unique-constraint violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string }; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };
  return (
    e?.code === "P2002" ||
    e?.code === "23505" ||
    e?.cause?.code === "23505" ||
    e?.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation"
  );
}

/** PostgreSQL error codes of a lost or refused connection: connection exceptions (08…), the server shutting down or starting up, too many clients. */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const CONNECTION_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
/** Prisma's codes for an unreachable server, a timed-out connection and a closed one. */
const PRISMA_CONNECTION_CODES = new Set(["P1001", "P1002", "P1017"]);

/**
 * True when a statement failed because the database could not be reached or dropped the
 * connection (a restart, a failover), not because of the statement itself: trying again once
 * the database is back may succeed.
 */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === "string" ? e.code : "";
    if (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code) || PRISMA_CONNECTION_CODES.has(code) || /^08/.test(code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|terminating connection|connection error|Can't reach database server|the database system is (starting up|shutting down)/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
