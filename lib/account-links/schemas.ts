// Account links (invitations and password resets) and password changes: inputs and outputs.
import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";
import { timestamp } from "@/lib/http/wire";

export const passwordSchema = z.string().min(8, "at least 8 characters").max(200, "at most 200 characters");

export const inviteMemberSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("not a valid email address")),
    name: z.string().trim().max(100).default(""),
    role: z.enum(ROLES),
  })
  .strict();
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const linkSentSchema = z.object({
  email: z.string().describe("where the link went"),
  expiresAt: timestamp.describe("when the link stops working"),
});

export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable().describe("the inviter's email; null when their account is gone"),
  createdAt: timestamp,
  expiresAt: timestamp,
});

export const invitationIdParamsSchema = z.object({ id: z.string().uuid("not a valid invitation id") });

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, "required").max(200), newPassword: passwordSchema })
  .strict()
  .refine((b) => b.currentPassword !== b.newPassword, { path: ["newPassword"], message: "must differ from the current password" });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The public link pages' form: the password twice (and, for an invitation, a name). */
export const choosePasswordSchema = z
  .object({ password: passwordSchema, repeat: z.string(), name: z.string().trim().max(100).optional() })
  .refine((b) => b.password === b.repeat, { path: ["repeat"], message: "the two passwords differ" });
