// What one recipient of a campaign is sent: the campaign's content rendered with the contact's
// variables, as a marketing send from the campaign's sender (so open and click tracking and
// one-click unsubscribe headers apply as for any marketing send).
//
// Variables, in a template and in a campaign's own subject, html and text alike:
//   {{email}}, {{name}}            the contact's address and name ("" when it has none)
//   {{<property key>}}             each of the contact's custom properties, e.g. {{company}}
//   {{contact.email}}, {{contact.name}}, {{contact.properties.<key>}}  the same, namespaced
// email, name and contact win over properties of the same key (a property keyed "contact" is
// {{contact.properties.contact}}); html escapes every value, subject and text take them raw.
import { createHash } from "node:crypto";
import { sendEmailSchema, type SendEmailInput } from "@/lib/email/schemas";
import { AppError } from "@/lib/errors/app-error";
import { renderContent } from "@/lib/templates/render-content";
import { contactVariables } from "@/lib/contacts/contact-variables";
import type { ClaimedRow } from "@/lib/campaigns/send-rows";

export interface CampaignPlan {
  id: string;
  orgId: string;
  name: string;
  sender: { email: string; name: string };
  useCaseId: string | null;
  content:
    | { kind: "template"; templateId: string; templateVersion: number | null }
    | { kind: "own"; key: string; subject: string; html: string | null; text: string | null };
}

export function ownContent(campaignId: string, subject: string, html: string | null, text: string | null): CampaignPlan["content"] {
  // The compiled parts are cached by key: the key changes with the content.
  const digest = createHash("sha1")
    .update(JSON.stringify([subject, html, text]))
    .digest("hex")
    .slice(0, 16);
  return { kind: "own", key: `campaign:${campaignId}:${digest}`, subject, html, text };
}

/** The send body for one recipient; a 400 VALIDATION_ERROR when it cannot be made (that recipient fails). */
export function recipientInput(plan: CampaignPlan, row: ClaimedRow): SendEmailInput {
  const variables = contactVariables(row);
  const common = {
    to: [row.email],
    from: plan.sender.email,
    ...(plan.sender.name ? { fromName: plan.sender.name } : {}),
    emailType: "marketing",
    ...(plan.useCaseId ? { use_case_id: plan.useCaseId } : {}),
    metadata: { campaign_id: plan.id, campaign_send_id: row.id },
  };
  const c = plan.content;
  const body =
    c.kind === "template"
      ? // The send schema wants a subject of the body's own; the template's wins over it.
        {
          ...common,
          subject: plan.name,
          templateId: c.templateId,
          ...(c.templateVersion ? { templateVersion: c.templateVersion } : {}),
          variables,
        }
      : { ...common, ...renderContent({ id: c.key, subject: c.subject, html: c.html, text: c.text }, variables) };
  const parsed = sendEmailSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION_ERROR",
      `Cannot send to ${row.email}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")}`,
    );
  }
  return parsed.data;
}
