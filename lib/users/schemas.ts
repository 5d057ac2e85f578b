import { z } from "zod";

/** PATCH /api/account/profile: the name the dashboard greets you by. */
export const updateProfileSchema = z.object({ name: z.string().trim().min(1, "required").max(100) }).strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
