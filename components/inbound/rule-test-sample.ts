// The "Test a message" form's sample, read as the test route's body (ruleTestSchema), or its
// problems by field.
import { ruleTestSchema } from "@/lib/inbound/schemas";
import type { RuleTestBody } from "@/hooks/inbound";

export type Field = "from" | "to" | "subject" | "body" | "headers" | "cc" | "attachments" | "size";

export interface Sample {
  from: string;
  to: string;
  subject: string;
  body: string;
  headers: string;
  cc: string;
  attachments: string;
  size: string;
}

export const EMPTY: Sample = { from: "", to: "", subject: "", body: "", headers: "", cc: "", attachments: "", size: "" };

const lines = (raw: string) =>
  raw
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The sample as the route's body, or its problems by field. */
export function check(sample: Sample): { input?: RuleTestBody; errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const headers: Record<string, string> = {};
  for (const line of lines(sample.headers)) {
    const colon = line.indexOf(":");
    if (colon <= 0) errors.headers ??= `Write each header as Name: value (“${line.slice(0, 40)}” has no name).`;
    else headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const attachments = lines(sample.attachments).map((line) => {
    const [filename, contentType] = line.split(",").map((p) => p.trim());
    if (!filename || !contentType) errors.attachments ??= "Write each attachment as filename, content type (invoice.pdf, application/pdf).";
    return { filename: filename ?? "", contentType: contentType ?? "" };
  });
  const size = sample.size.trim();
  if (size && !/^\d+$/.test(size)) errors.size = "Give the size as a whole number of bytes.";

  const body = {
    from: sample.from.trim(),
    to: sample.to.trim(),
    subject: sample.subject,
    ...(sample.body ? { body: sample.body } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(sample.cc.trim() ? { cc: sample.cc.trim() } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(size && !errors.size ? { size: Number(size) } : {}),
  };
  const parsed = ruleTestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as Field;
      const message =
        field === "to" && !body.to
          ? "Give the address the message is sent to."
          : field === "from" && !body.from
            ? "Give the sender's address."
            : issue.message;
      errors[field] ??= message.charAt(0).toUpperCase() + message.slice(1);
    }
  }
  // The body as typed: the schema's output turns the sender into an object.
  return Object.keys(errors).length ? { errors } : { input: body, errors };
}
