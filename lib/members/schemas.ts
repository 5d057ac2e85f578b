import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";
import { timestamp } from "@/lib/http/wire";

export const memberSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  createdAt: timestamp,
});

export const addMemberSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    name: z.string().trim().max(100).default(""),
    role: z.enum(ROLES),
    password: z.string().min(8, "at least 8 characters").max(200),
  })
  .strict();
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const updateMemberSchema = z.object({ role: z.enum(ROLES) }).strict();
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const memberIdParamsSchema = z.object({ id: z.string().uuid("not a valid member id") });
