// Inputs and outputs of the staff API (docs/staff-api.md). Outputs name every field that
// leaves: key hashes, sealed provider secrets and passwords are never among them.
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { PLAN_NAMES } from "@/lib/orgs/plans";
import { createProviderSchema } from "@/lib/providers/schemas";
import { PROVIDER_STATUSES } from "@/lib/staff/provider-transitions";

const plan = z.enum(PLAN_NAMES as [string, ...string[]], { error: `unknown plan; expected one of ${PLAN_NAMES.join(", ")}` });

/** Path id of any staff route: a malformed one is answered 404, like an unknown one. */
export const idParamsSchema = z.object({ id: z.string().uuid() });

export const organizationsByEmailQuerySchema = z
  .object({ email: z.string({ error: "email is required" }).trim().toLowerCase().pipe(z.email("not a valid email address")) })
  .strict();

export const changePlanSchema = z
  .object({
    plan,
    monthlySendAllowance: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .nullable()
      .describe("sends per month for this organization; null: back to the plan's allowance"),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give plan, monthlySendAllowance or both");
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

export const keyRateLimitSchema = z
  .object({
    rateLimitPerMinute: z
      .number({ error: "rateLimitPerMinute is required: a whole number from 1 to 100000, or null for the default" })
      .int()
      .min(1)
      .max(100_000)
      .nullable(),
  })
  .strict();

/** The same fields, types and config validation as a customer's own provider. */
export const createManagedProviderSchema = createProviderSchema;

export const providerStatusChangeSchema = z
  .object({ status: z.enum(PROVIDER_STATUSES, { error: `status must be one of ${PROVIDER_STATUSES.join(", ")}` }) })
  .strict();

export const staffApiKeySchema = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid(),
  name: z.string(),
  prefix: z.string(),
  projectId: z.string().uuid().nullable(),
  scopes: z.array(z.string()),
  rateLimitPerMinute: z.number().int().nullable().describe("the key's own override; null: the default"),
  effectiveRateLimitPerMinute: z.number().int(),
  revoked: z.boolean(),
  revokedAt: nullableTimestamp,
  lastUsedAt: nullableTimestamp,
  createdAt: timestamp,
});

export const staffProviderSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: z.string(),
  accountSource: z.enum(["byo", "managed"]),
  status: z.enum(PROVIDER_STATUSES),
  isActive: z.boolean(),
  priority: z.number().int(),
  createdAt: timestamp,
});

export const staffOrganizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  plan,
  monthlySendAllowance: z.number().int().nullable().describe("the organization's own allowance; null: the plan's"),
  planMonthlySendAllowance: z.number().int().nullable().describe("the plan's allowance; null: unlimited"),
  effectiveMonthlySendAllowance: z.number().int().nullable().describe("the allowance in force; null: unlimited"),
  sendsThisMonth: z.number().int(),
  allowanceResetsAt: timestamp,
  sendMode: z.enum(["test", "production"]),
  projectCount: z.number().int(),
  members: z.array(z.object({ userId: z.string().uuid(), email: z.string(), name: z.string(), role: z.string() })),
  providers: z.array(staffProviderSummarySchema),
  apiKeys: z.array(staffApiKeySchema.omit({ orgId: true })),
  createdAt: timestamp,
});
