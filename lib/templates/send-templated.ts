// POST /api/email/send-templated: one template, one set of variables, up to 50 recipients,
// each sent as its own message through sendEmail (so each passes test mode, the allowance
// and provider failover on its own, and has its own record and events). Anything wrong with
// the template or the variables fails the whole call before anything is sent; a refusal or
// failure for one recipient is reported in that recipient's result and the others still go.
import { validationError } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { parseMailbox } from "@/lib/email/address";
import { sendEmailSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import { asAppError } from "@/lib/http/respond";
import { renderTemplate } from "@/lib/templates/render-template";
import type { SendTemplatedInput, TemplatedResult } from "@/lib/templates/schemas";

export async function sendTemplated({ principal, input }: { principal: Principal; input: SendTemplatedInput }): Promise<TemplatedResult[]> {
  // The variables are the same for every recipient, so one rendering serves them all.
  const rendered = await renderTemplate({
    orgId: principal.orgId,
    templateId: input.templateId,
    version: input.templateVersion,
    variables: input.variables,
  });
  // The bulk threshold (DESIGN.md §4) counts the recipients of the whole call.
  await assertMayStartBulk({
    principal,
    audience: input.recipients.length,
    action: "email.send",
    target: { metadata: { templateId: rendered.templateId } },
  });
  // The send body every recipient's message is built from, checked as a direct send's would be.
  const base = sendEmailSchema.safeParse({
    to: input.recipients[0],
    from: input.from,
    fromName: input.fromName,
    replyTo: input.replyTo,
    replyToName: input.replyToName,
    use_case_id: input.use_case_id,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
  });
  if (!base.success) throw validationError(base.error.issues, "rendered");

  const results: TemplatedResult[] = [];
  for (const recipient of input.recipients) {
    try {
      const sent = await sendEmail({ principal, input: { ...base.data, to: [parseMailbox(recipient)!] } });
      results.push({ recipient, id: sent.id, status: "sent" });
    } catch (err) {
      const e = asAppError(err, "", `templated send to one recipient, organization ${principal.orgId}`);
      results.push({ recipient, id: null, status: "failed", error: e.message, code: e.code });
    }
  }
  return results;
}
