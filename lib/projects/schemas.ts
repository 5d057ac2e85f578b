import { z } from "zod";
import { timestamp } from "@/lib/http/wire";

export const projectSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  createdAt: timestamp,
});

export const createProjectSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export type CreateProjectInput = z.infer<typeof createProjectSchema>;
