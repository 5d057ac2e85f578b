import { z } from "zod";
import { SCOPES } from "@/lib/auth/permissions";
import { timestamp, nullableTimestamp } from "@/lib/http/wire";

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(SCOPES)).min(1, "at least one scope is required").max(SCOPES.length),
    projectId: z.string().uuid().optional(),
    /** Production sends above the organization's require2faThreshold need a key with this. */
    allowBulk: z.boolean().default(false),
  })
  .strict();
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string(),
  projectId: z.string().uuid().nullable(),
  rateLimitPerMinute: z.number().int(),
  allowBulk: z.boolean(),
  lastUsedAt: nullableTimestamp,
  revokedAt: nullableTimestamp,
  createdAt: timestamp,
});

/** The create response: the only time the whole key is ever shown. */
export const createdApiKeySchema = apiKeySchema
  .pick({ id: true, name: true, scopes: true, prefix: true, projectId: true, allowBulk: true, createdAt: true })
  .extend({ key: z.string() });

export const keyIdParamsSchema = z.object({ id: z.string().uuid("not a valid key id") });
