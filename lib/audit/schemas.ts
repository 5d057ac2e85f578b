import { z } from "zod";
import { timestamp } from "@/lib/http/wire";

const date = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} must be an ISO 8601 date-time` }).transform((s) => new Date(s));

export const auditQuerySchema = z
  .object({
    projectId: z.string({ error: "projectId is required" }).uuid("projectId must be a uuid"),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).default(0),
    startDate: date("startDate").optional(),
    endDate: date("endDate").optional(),
    sendMode: z.enum(["test", "production"]).optional(),
  })
  .strict()
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ["endDate"],
    message: "endDate must not be before startDate",
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string().uuid(),
  projectId: z.string().uuid().nullable(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  sendMode: z.string().nullable(),
  recipientCount: z.number().int().nullable(),
  outcome: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
