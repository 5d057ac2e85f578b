// Expired authorization codes and tokens are kept a day (a late reuse still finds its family),
// then deleted by the maintenance job; so are self-registered apps nobody connected in 30 days.
import { db } from "@/lib/db/client";

const KEEP_AFTER_EXPIRY_MS = 24 * 3_600_000;
/** A self-registered app with no connection after this long is deleted (anyone may register one). */
export const UNUSED_APP_DAYS = 30;

export async function pruneExpiredOAuth(now = Date.now()): Promise<void> {
  const before = new Date(now - KEEP_AFTER_EXPIRY_MS);
  await db().oAuthCode.deleteMany({ where: { expiresAt: { lt: before } } });
  await db().oAuthToken.deleteMany({ where: { expiresAt: { lt: before } } });
  await db().oAuthClient.deleteMany({
    where: { registeredBy: "dynamic", createdAt: { lt: new Date(now - UNUSED_APP_DAYS * 24 * 3_600_000) }, grants: { none: {} } },
  });
}
