import { z } from "zod";
import { nullableTimestamp } from "@/lib/http/wire";

export const codeSchema = z.object({ code: z.string().regex(/^\d{6}$/, "a 6-digit code from your authenticator app") }).strict();

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  verifiedAt: nullableTimestamp,
  freshUntil: nullableTimestamp.describe("until when bulk sends are allowed without verifying again"),
});

export const enrollmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
