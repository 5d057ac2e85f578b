import { z } from "zod";
import { PROVIDER_TYPES } from "@/lib/providers/catalog";
import { timestamp, nullableTimestamp } from "@/lib/http/wire";

const limit = z.number().int().positive().max(10_000_000).nullable();

// The writable fields, without defaults: an update must never fill in a field it was not given.
const fields = {
  name: z.string().trim().min(1).max(100),
  config: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  priority: z.number().int().min(0).max(10_000),
  rateLimitPerMinute: limit,
  rateLimitPerHour: limit,
  rateLimitPerDay: limit,
};

export const createProviderSchema = z
  .object({
    ...fields,
    type: z.enum(PROVIDER_TYPES, { error: `unknown provider type; expected one of ${PROVIDER_TYPES.join(", ")}` }),
    config: fields.config.default({}),
    isActive: fields.isActive.default(true),
    priority: fields.priority.default(100),
    rateLimitPerMinute: limit.optional(),
    rateLimitPerHour: limit.optional(),
    rateLimitPerDay: limit.optional(),
  })
  .strict();
export type CreateProviderInput = z.infer<typeof createProviderSchema>;

/** All fields optional; only supplied fields change. Secret fields left out of `config` keep their value. */
export const updateProviderSchema = z.object(fields).partial().strict();
export type UpdateProviderInput = z.infer<typeof updateProviderSchema>;

export const providerIdParamsSchema = z.object({ id: z.string().uuid("not a valid provider id") });

export const capabilitiesSchema = z.object({
  attachments: z.boolean(),
  customHeaders: z.boolean(),
  scheduling: z.boolean(),
  tracking: z.boolean(),
  inbound: z.boolean(),
  batch: z.boolean(),
  maxMessageBytes: z.number().int(),
});

export const providerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: z.string(),
  config: z.record(z.string(), z.unknown()).describe("settings; secret fields are shown as ********"),
  isActive: z.boolean(),
  priority: z.number().int(),
  rateLimitPerMinute: z.number().int().nullable(),
  rateLimitPerHour: z.number().int().nullable(),
  rateLimitPerDay: z.number().int().nullable(),
  isHealthy: z.boolean(),
  lastHealthCheck: nullableTimestamp,
  lastError: z.string().nullable(),
  usageMinute: z.number().int(),
  usageHour: z.number().int(),
  usageDay: z.number().int(),
  accountSource: z.enum(["byo", "managed"]),
  status: z.enum(["provisioning", "active", "suspended", "deprovisioned"]),
  createdAt: timestamp,
});

export const providerWithCapabilitiesSchema = providerSchema.extend({ label: z.string(), capabilities: capabilitiesSchema });

export const providerStatusSchema = providerSchema.pick({
  id: true,
  name: true,
  isHealthy: true,
  lastHealthCheck: true,
  usageMinute: true,
  usageHour: true,
  usageDay: true,
  rateLimitPerMinute: true,
  rateLimitPerHour: true,
  rateLimitPerDay: true,
});
