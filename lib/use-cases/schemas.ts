// Use cases (SPEC scopes use-cases:read/write): named sending purposes of an organization.
// A send names one (use_case_id) or gets the organization's default (defaultUseCaseId).
import { z } from "zod";
import { timestamp } from "@/lib/http/wire";

const fields = {
  name: z
    .string()
    .trim()
    .min(1, "name is required")
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), "no line breaks"),
  description: z.string().max(2000),
};

export const createUseCaseSchema = z.object({ name: fields.name, description: fields.description.default("") }).strict();
export type CreateUseCaseInput = z.infer<typeof createUseCaseSchema>;

export const updateUseCaseSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "give name or description");
export type UpdateUseCaseInput = z.infer<typeof updateUseCaseSchema>;

export const useCaseIdParamsSchema = z.object({ id: z.uuid("not a valid use case id") });

export const useCaseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean().describe("whether it is the organization's default: applied to sends that name no use case"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const deletedUseCaseSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
