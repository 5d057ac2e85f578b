// A change to a scheduled email merged into its stored body: the fields given replace the
// stored ones, null removes one, the rest stay. The result is checked as a whole send body,
// exactly as POST would check it, so a change cannot leave a body that could not be sent.
import { sendEmailSchema, type SendEmailInput } from "@/lib/email/schemas";
import { validationError } from "@/lib/errors/app-error";
import { writtenFields } from "@/lib/scheduling/stored-body";

/** `change` holds only send fields (not scheduledAt or maxRetries), as the change schema parsed them. */
export function mergeChange(stored: unknown, change: Record<string, unknown>): SendEmailInput {
  const before = (typeof stored === "string" ? JSON.parse(stored) : stored) as Record<string, unknown>;
  const merged = { ...before };
  for (const [field, value] of Object.entries(writtenFields(change))) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  // The version pinned when it was scheduled belongs to that template: another template (or
  // none) is pinned afresh, at its current version, unless the change names one.
  if (change.templateId !== undefined && change.templateId !== before.templateId) {
    if (change.templateVersion === undefined) delete merged.templateVersion;
  }
  const result = sendEmailSchema.safeParse(merged);
  if (!result.success) throw validationError(result.error.issues, "body");
  return result.data;
}
