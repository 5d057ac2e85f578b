import { z } from "zod";
import { displayNameProblem } from "@/lib/email/address";

/** PATCH /api/account/profile: the name the dashboard greets you by, and others see beside your
 * address (members, audit log): held to a from name's rules, so it cannot pose as an address or
 * turn text around. */
export const updateProfileSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "required")
      .max(100)
      .superRefine((name, ctx) => {
        const problem = displayNameProblem(name);
        if (problem) ctx.addIssue({ code: "custom", message: problem.replace("the display name", "a name") });
      }),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** What PATCH /api/account/profile answers: the name as stored. */
export const profileSchema = z.object({ name: z.string() });
