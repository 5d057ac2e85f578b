import { z } from "zod";
import { timestamp } from "@/lib/http/wire";

export const SEND_MODES = ["test", "production"] as const;
export type SendMode = (typeof SEND_MODES)[number];

export const setModeSchema = z.object({ mode: z.enum(SEND_MODES, { error: "mode must be test or production" }) }).strict();

export const modeSettingsSchema = z.object({
  mode: z.enum(SEND_MODES),
  require2faThreshold: z.number().int(),
  testListMaxSize: z.number().int(),
});

export const createTestListSchema = z
  .object({
    name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(100),
    emails: z.array(z.string().trim().toLowerCase().pipe(z.email())).default([]),
  })
  .strict();
export type CreateTestListInput = z.infer<typeof createTestListSchema>;

export const testListSchema = z.object({ id: z.string().uuid(), name: z.string(), emails: z.array(z.string()), createdAt: timestamp });

export const testListIdQuerySchema = z.object({ id: z.string({ error: "id is required" }).uuid("id must be a test list id") }).strict();
