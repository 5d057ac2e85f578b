import { z } from "zod";
import { timestamp } from "@/lib/http/wire";
import { PLAN_NAMES } from "@/lib/orgs/plans";
import { ROLES } from "@/lib/auth/permissions";

/** How long one kind of data is kept. */
const keptFor = z.object({
  days: z.number().int().nullable().describe("how many days this kind is kept; null: for good"),
  organizationDays: z.number().int().nullable().describe("the organization's own setting; null: the instance's"),
  instanceDays: z.number().int().nullable().describe("the instance's setting, the most an organization may keep; null: for good"),
  what: z.string().describe("what this kind is, and what goes when it is removed"),
});

export const organizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  plan: z.enum(PLAN_NAMES as [string, ...string[]]),
  sendMode: z.enum(["test", "production"]),
  require2faThreshold: z.number().int(),
  testListMaxSize: z.number().int(),
  monthlySendAllowance: z.number().int().nullable().describe("sends per month; null means unlimited"),
  trackingEnabled: z
    .boolean()
    .describe("open and click tracking: on for marketing sends, off for transactional, unless a send says otherwise"),
  sendsThisMonth: z.number().int().describe("sends counted against the allowance this calendar month (UTC)"),
  allowanceResetsAt: timestamp.describe("when the monthly allowance renews: the 1st of next month, 00:00 UTC"),
  providerQuota: z.number().int().nullable().describe("how many providers the plan allows; null means unlimited"),
  defaultProjectId: z
    .string()
    .uuid()
    .nullable()
    .describe(
      "the project that sends made without a project (a key not bound to one, or a session) are recorded under; null only if no project is marked default",
    ),
  defaultUseCaseId: z
    .string()
    .uuid()
    .nullable()
    .describe('the use case applied to sends that name none (recorded with use_case_attribution "default"); null: none'),
  retention: z
    .object({ events: keptFor, webhookDeliveries: keptFor, audit: keptFor, messageBodies: keptFor })
    .describe("how long each kind of data is kept (docs/retention.md): the shorter of the organization's and the instance's"),
  createdAt: timestamp,
});

const retentionDays = z
  .number()
  .int("a whole number of days")
  .min(1, "at least 1 day")
  .max(36_500, "at most 36500 days")
  .nullable()
  .describe("days, shorter than the instance's; null: the instance's");

export const updateOrganizationSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    trackingEnabled: z.boolean(),
    defaultProjectId: z
      .string()
      .uuid("not a valid project id")
      .describe("one of the organization's projects; it becomes the default and the previous default stops being it"),
    defaultUseCaseId: z
      .string()
      .uuid("not a valid use case id")
      .nullable()
      .describe("one of the organization's use cases, applied to sends that name none; null clears it"),
    retention: z
      .object({ events: retentionDays, webhookDeliveries: retentionDays, audit: retentionDays, messageBodies: retentionDays })
      .partial()
      .strict()
      .describe("keep a kind for less time than the instance does (events, webhookDeliveries, audit, messageBodies); never longer"),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give name, trackingEnabled, defaultProjectId, defaultUseCaseId or retention");
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationSchema>;

/** One organization the signed-in user belongs to; `current`: the one their session is in. */
export const myOrganizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  role: z.enum(ROLES),
  current: z.boolean(),
});
export type MyOrganization = z.output<typeof myOrganizationSchema>;

export const switchOrganizationSchema = z.object({ orgId: z.string().uuid("not a valid organization id") }).strict();
