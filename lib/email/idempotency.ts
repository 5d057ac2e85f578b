// Idempotency-Key on the send routes: the same key and body within 24 hours returns the
// first (successful) response without sending again; the same key with another body is
// 409 IDEMPOTENCY_CONFLICT. A failed first attempt frees the key, since nothing was sent.
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/db/errors";

const TTL_MS = 24 * 3_600_000;

function hashBody(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

/** What an idempotency key may be: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError("VALIDATION_ERROR", "Idempotency-Key must be 1 to 255 visible ASCII characters", [
      { path: "headers.idempotency-key", message: "invalid" },
    ]);
  }
  return key;
}

export async function withIdempotency<T>(orgId: string, key: string | null, body: unknown, run: () => Promise<T>): Promise<T> {
  if (key === null) return run();
  const requestHash = hashBody(body);
  await db().idempotencyKey.deleteMany({ where: { orgId, key, createdAt: { lt: new Date(Date.now() - TTL_MS) } } });
  try {
    await db().idempotencyKey.create({ data: { orgId, key, requestHash } });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const existing = await db().idempotencyKey.findUnique({ where: { orgId_key: { orgId, key } } });
    if (!existing) return withIdempotency(orgId, key, body, run); // freed meanwhile
    if (existing.requestHash !== requestHash) {
      throw new AppError("IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used with a different request body");
    }
    if (existing.responseBody === null) {
      throw new AppError("IDEMPOTENCY_CONFLICT", "A request with this Idempotency-Key is still in progress; retry shortly");
    }
    return existing.responseBody as T;
  }
  try {
    const result = await run();
    await db().idempotencyKey.update({
      where: { orgId_key: { orgId, key } },
      data: { responseStatus: 200, responseBody: JSON.parse(JSON.stringify(result)) },
    });
    return result;
  } catch (err) {
    await db().idempotencyKey.deleteMany({ where: { orgId, key } });
    throw err;
  }
}
