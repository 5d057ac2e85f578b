import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { generateKey } from "@/lib/api-keys/key-format";
import type { CreateApiKeyInput } from "@/lib/api-keys/schemas";
import { AppError } from "@/lib/errors/app-error";
import { hasFreshSecondFactor } from "@/lib/two-factor/two-factor";

interface Options {
  orgId: string;
  userId: string;
  input: CreateApiKeyInput;
}

/** Creates a key and returns it whole, once; only its hash is stored. */
export async function createApiKey({ orgId, userId, input }: Options) {
  if (input.projectId) await getProjectOrThrow({ orgId, projectId: input.projectId });
  // A key allowed bulk sends passes the bulk threshold with no second factor of its own ever
  // after: creating one takes the fresh second factor a bulk send from the dashboard would.
  if (input.allowBulk && !(await hasFreshSecondFactor(userId))) {
    throw new AppError(
      "BULK_SEND_REQUIRES_2FA",
      "Creating a key allowed bulk sending needs a fresh second factor: verify a code from your authenticator app first",
    );
  }
  const { key, prefix, hash } = generateKey();
  const scopes = [...new Set(input.scopes)];
  const row = await db().$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        orgId,
        projectId: input.projectId ?? null,
        name: input.name,
        prefix,
        hash,
        scopes,
        allowBulk: input.allowBulk,
        createdByUserId: userId,
      },
    });
    await recordAudit(
      {
        orgId,
        projectId: created.projectId,
        actorType: "user",
        actorId: userId,
        action: "api_key.created",
        targetType: "api_key",
        targetId: created.id,
        metadata: { name: created.name, scopes, prefix, allowBulk: created.allowBulk },
      },
      tx,
    );
    return created;
  });
  return { ...row, key };
}
