// What one campaign recipient is sent: the contact's variables (email, name and the namespaced
// contact win over properties of the same key), html escaping of every value, subject and
// text raw with the subject's line breaks flattened, and a contact whose content cannot be
// made failing alone (400).
import { describe, expect, it } from "vitest";
import { ownContent, recipientInput, type CampaignPlan } from "@/lib/campaigns/recipient-content";
import { contactVariables } from "@/lib/contacts/contact-variables";
import type { ClaimedRow } from "@/lib/campaigns/send-rows";
import { AppError } from "@/lib/errors/app-error";

const row = (over: Partial<ClaimedRow>): ClaimedRow => ({
  id: "00000000-0000-4000-8000-000000000001",
  email: "eve@example.test",
  contact_id: null,
  attempts: 1,
  name: "Eve",
  properties: {},
  unsubscribed: false,
  ...over,
});

const plan = (subject: string, html: string | null, text: string | null = null): CampaignPlan => ({
  id: "00000000-0000-4000-8000-0000000000aa",
  orgId: "00000000-0000-4000-8000-0000000000bb",
  name: "Launch",
  sender: { email: "news@acme.test", name: "Acme" },
  useCaseId: null,
  content: ownContent(`c-${Math.random()}`, subject, html, text),
});

describe("campaign recipient content", () => {
  it("email, name and contact win over properties of the same key; the namespaced form reaches every property", () => {
    const v = contactVariables(
      row({ properties: { email: "spoof@evil.test", name: "Mallory", contact: "Bob the buyer", company: "Acme" } }),
    );
    expect(v).toMatchObject({ email: "eve@example.test", name: "Eve", company: "Acme" });
    expect(v.contact).toEqual({
      email: "eve@example.test",
      name: "Eve",
      properties: { email: "spoof@evil.test", name: "Mallory", contact: "Bob the buyer", company: "Acme" },
    });
    // properties may come back from the database as JSON text; no name is "".
    expect(contactVariables(row({ name: null, properties: '{"plan":"pro"}' }))).toMatchObject({
      name: "",
      plan: "pro",
      contact: { name: "", properties: { plan: "pro" } },
    });
    expect(contactVariables(row({ properties: ["not", "an", "object"] })).contact).toEqual({
      email: "eve@example.test",
      name: "Eve",
      properties: {},
    });
  });

  it("escapes every value in html, keeps subject and text raw, and flattens line breaks out of the subject", () => {
    const input = recipientInput(
      plan("Hi {{name}} at {{company}}", "<p>{{name}} of {{company}} ({{contact.properties.contact}})</p>", "{{name}} / {{company}}"),
      row({ name: '<b>Eve</b> & "co"', properties: { company: "<script>alert(1)</script>\r\nBcc: x@evil.test", contact: "<i>Bob</i>" } }),
    );
    expect(input.html).toBe(
      "<p>&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot; of &lt;script&gt;alert(1)&lt;/script&gt;\r\nBcc: x@evil.test (&lt;i&gt;Bob&lt;/i&gt;)</p>",
    );
    expect(input.subject).toBe('Hi <b>Eve</b> & "co" at <script>alert(1)</script> Bcc: x@evil.test');
    expect(input.text).toBe('<b>Eve</b> & "co" / <script>alert(1)</script>\r\nBcc: x@evil.test');
    expect(input).toMatchObject({
      to: [{ email: "eve@example.test" }],
      from: { email: "news@acme.test" },
      fromName: "Acme",
      emailType: "marketing",
      metadata: { campaign_send_id: row({}).id },
    });
  });

  it("a contact whose subject renders empty fails alone with a 400 naming the address", () => {
    let caught: unknown;
    try {
      recipientInput(plan("{{nickname}}", "<p>hi</p>"), row({}));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe("VALIDATION_ERROR");
    expect((caught as AppError).message).toContain("eve@example.test");
  });
});
