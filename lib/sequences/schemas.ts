// Sequences (scopes sequences:read / sequences:write): ordered steps, each a stored template sent
// after a delay, that contacts go through one by one (docs/sequences.md).
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { pageQuerySchema } from "@/lib/http/pagination";

export const MAX_STEPS = 20;
export const MAX_DELAY_SECONDS = 365 * 24 * 3600;
export const MAX_ENROL = 1000;
export const SEQUENCE_STATUSES = ["active", "paused"] as const;
export const ENROLMENT_STATUSES = ["active", "completed", "exited", "failed"] as const;
export const EXIT_REASONS = ["replied", "unsubscribed", "suppressed", "removed"] as const;
export type ExitReason = (typeof EXIT_REASONS)[number];

const stepInput = z
  .object({
    delaySeconds: z
      .number()
      .int("whole seconds")
      .min(0, "at least 0")
      .max(MAX_DELAY_SECONDS, "at most 365 days (31536000 seconds)")
      .describe("the wait before this step: after enrolment for the first step, after the previous step's send for the others"),
    templateId: z.uuid("not a valid template id").describe("one of the organization's templates"),
  })
  .strict();

const fields = {
  name: z
    .string()
    .trim()
    .min(1, "name is required")
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), "no line breaks"),
  status: z.enum(SEQUENCE_STATUSES).describe("paused: steps wait; active again: they go on (a step due meanwhile goes at once)"),
  triggerListId: z.uuid("not a valid list id").nullable().describe("contacts added to this list are enrolled (once per sequence)"),
  senderId: z.uuid("not a valid sender id").nullable().describe("the from-address; none: the instance's default address"),
  useCaseId: z.uuid("not a valid use case id").nullable(),
  steps: z.array(stepInput).min(1, "give at least one step").max(MAX_STEPS, `at most ${MAX_STEPS} steps`),
};

export const createSequenceSchema = z
  .object({
    name: fields.name,
    status: fields.status.default("active"),
    triggerListId: fields.triggerListId.default(null),
    senderId: fields.senderId.default(null),
    useCaseId: fields.useCaseId.default(null),
    steps: fields.steps,
  })
  .strict();
export type CreateSequenceInput = z.infer<typeof createSequenceSchema>;

export const updateSequenceSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give at least one field to change");
export type UpdateSequenceInput = z.infer<typeof updateSequenceSchema>;

export const sequenceIdParamsSchema = z.object({ id: z.uuid("not a valid sequence id") });
export const enrolmentParamsSchema = z.object({ id: z.uuid("not a valid sequence id"), enrolmentId: z.uuid("not a valid enrolment id") });

export const listSequencesQuerySchema = pageQuerySchema.extend({ status: z.enum(SEQUENCE_STATUSES).optional() }).strict();
export type ListSequencesQuery = z.infer<typeof listSequencesQuerySchema>;

export const listEnrolmentsQuerySchema = pageQuerySchema.extend({ status: z.enum(ENROLMENT_STATUSES).optional() }).strict();
export type ListEnrolmentsQuery = z.infer<typeof listEnrolmentsQuerySchema>;

const address = z.string().trim().max(320).toLowerCase().pipe(z.email("not a valid email address"));

export const enrolSchema = z
  .object({
    contactIds: z.array(z.uuid("not a valid contact id")).max(MAX_ENROL, `at most ${MAX_ENROL} contacts at once`).optional(),
    emails: z.array(address).max(MAX_ENROL, `at most ${MAX_ENROL} contacts at once`).optional().describe("addresses of existing contacts"),
  })
  .strict()
  .refine((b) => (b.contactIds?.length ?? 0) + (b.emails?.length ?? 0) > 0, "give contactIds or emails")
  .refine((b) => (b.contactIds?.length ?? 0) + (b.emails?.length ?? 0) <= MAX_ENROL, `at most ${MAX_ENROL} contacts at once`);
export type EnrolInput = z.infer<typeof enrolSchema>;

// Output shapes.
export const stepSchema = z.object({ id: z.uuid(), position: z.number().int(), delaySeconds: z.number().int(), templateId: z.uuid() });

const enrolmentCounts = z.object({
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  exited: z.number().int(),
  failed: z.number().int(),
});

export const sequenceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(SEQUENCE_STATUSES),
  triggerListId: z.uuid().nullable(),
  senderId: z.uuid().nullable(),
  useCaseId: z.uuid().nullable(),
  steps: z.array(stepSchema),
  enrolments: enrolmentCounts,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const stepStatsSchema = z.object({
  stepId: z.uuid(),
  position: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int().describe("not sent: the send path refused the recipient (suppressed)"),
  delivered: z.number().int(),
  opened: z.number().int().describe("messages opened at least once"),
  clicked: z.number().int().describe("messages clicked at least once"),
  bounced: z.number().int(),
});

export const sequenceDetailSchema = sequenceSchema.extend({
  stats: z.object({
    exits: z.object({ replied: z.number().int(), unsubscribed: z.number().int(), suppressed: z.number().int(), removed: z.number().int() }),
    steps: z.array(stepStatsSchema),
  }),
});

export const deletedSequenceSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const enrolmentSchema = z.object({
  id: z.uuid(),
  sequenceId: z.uuid(),
  contactId: z.uuid(),
  email: z.string(),
  status: z.enum(ENROLMENT_STATUSES),
  exitReason: z.enum(EXIT_REASONS).nullable(),
  nextStep: z.number().int().describe("position of the step sent next (for a finished enrolment: where it stopped)"),
  nextRunAt: nullableTimestamp,
  source: z.enum(["api", "list", "dashboard"]),
  error: z.string().nullable().describe("why the last step was not sent, when it failed or was skipped"),
  enrolledAt: timestamp,
  finishedAt: nullableTimestamp,
});

export const enrolResultSchema = z.object({
  enrolled: z.array(enrolmentSchema),
  skipped: z.array(
    z.object({
      contactId: z.uuid(),
      email: z.string(),
      reason: z.enum(["already_enrolled", "unsubscribed"]).describe("already_enrolled: a contact goes through a sequence once, ever"),
    }),
  ),
});
