import { z } from "zod";
import { pageSizeQuerySchema } from "@/lib/http/pagination";
import { SUBSCRIPTION_TYPES } from "@/lib/events/event-types";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";

const eventsField = z
  .array(z.enum(["*", ...SUBSCRIPTION_TYPES], { error: `unknown event type; expected "*" or one of ${SUBSCRIPTION_TYPES.join(", ")}` }))
  .max(SUBSCRIPTION_TYPES.length + 1)
  .describe('event types; omitted, [] or ["*"] mean every event');

// The writable fields without defaults: an update must never fill in a field it was not given.
const fields = {
  url: z.string().trim().min(1).max(2048).describe("public https URL"),
  description: z.string().trim().max(500),
  events: eventsField,
};

export const createEndpointSchema = z
  .object({
    ...fields,
    description: fields.description.default(""),
    events: eventsField.optional(),
    projectId: z.uuid("not a valid project id").optional().describe("scope the endpoint to one project's messages"),
  })
  .strict();
export type CreateEndpointInput = z.infer<typeof createEndpointSchema>;

export const updateEndpointSchema = z
  .object({ ...fields, isActive: z.boolean().describe("true re-enables a disabled endpoint and resets failureCount") })
  .partial()
  .strict();
export type UpdateEndpointInput = z.infer<typeof updateEndpointSchema>;

export const endpointIdParamsSchema = z.object({ id: z.uuid("not a valid webhook endpoint id") });

export const endpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  projectId: z.uuid().nullable(),
  isActive: z.boolean(),
  failureCount: z.number().int(),
  maxFailures: z.number().int(),
  lastSuccessAt: nullableTimestamp,
  lastFailureAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const endpointWithSecretSchema = endpointSchema.extend({
  secret: z.string().startsWith("whsec_").describe("shown only in this response"),
});

export const deletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const deliveryParamsSchema = z.object({
  id: z.uuid("not a valid webhook endpoint id"),
  deliveryId: z.uuid("not a valid delivery id"),
});

export const deliveriesQuerySchema = pageSizeQuerySchema;

const attemptSchema = z.object({
  id: z.string(),
  attempt: z.number().int(),
  startedAt: timestamp,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  succeeded: z.boolean(),
});

export const deliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid().nullable(),
  eventType: z.string(),
  payload: z.string(),
  status: z.enum(["pending", "delivering", "succeeded", "failed", "cancelled"]),
  attempts: z.number().int(),
  nextAttemptAt: nullableTimestamp,
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  createdAt: timestamp,
  completedAt: nullableTimestamp,
  attemptLog: z.array(attemptSchema).default([]),
});

export const deliveryPageSchema = z.object({
  deliveries: z.array(deliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const testResultSchema = z.object({
  deliveryId: z.uuid(),
  success: z.boolean(),
  status: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});

/** GET /api/messages/{id}/webhook-deliveries: what one message's events caused. */
export const messageDeliveriesParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const messageDeliveriesSchema = z.object({
  deliveries: z.array(
    deliverySchema
      .pick({
        id: true,
        eventId: true,
        eventType: true,
        status: true,
        attempts: true,
        lastStatusCode: true,
        lastError: true,
        createdAt: true,
        completedAt: true,
      })
      .extend({ endpoint: z.object({ id: z.uuid(), url: z.string() }) }),
  ),
});
