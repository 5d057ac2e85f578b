// Expired authorization codes and tokens are kept a day (a late reuse still finds its family),
// then deleted by the maintenance job.
import { db } from "@/lib/db/client";

const KEEP_AFTER_EXPIRY_MS = 24 * 3_600_000;

export async function pruneExpiredOAuth(now = Date.now()): Promise<void> {
  const before = new Date(now - KEEP_AFTER_EXPIRY_MS);
  await db().oAuthCode.deleteMany({ where: { expiresAt: { lt: before } } });
  await db().oAuthToken.deleteMany({ where: { expiresAt: { lt: before } } });
}
