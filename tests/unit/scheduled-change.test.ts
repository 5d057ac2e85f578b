import { describe, expect, it } from "vitest";
import { mergeChange } from "@/lib/scheduling/merge-change";
import { updateScheduledSchema } from "@/lib/scheduling/schemas";
import { storedBody } from "@/lib/scheduling/stored-body";
import { sendEmailSchema } from "@/lib/email/schemas";
import { AppError } from "@/lib/errors/app-error";

const stored = storedBody(
  sendEmailSchema.parse({
    to: ["Ann <ann@example.test>", "bo@example.test"],
    from: "Sender <sender@example.test>",
    subject: "First",
    text: "Hello",
    priority: "high",
    metadata: { order: 7 },
    templateId: "tpl_a",
    templateVersion: 2,
    variables: { name: "Ann" },
  }),
);
const change = (body: Record<string, unknown>) => updateScheduledSchema.parse(body);
const mergeOf = (body: Record<string, unknown>) => {
  const { scheduledAt, maxRetries, ...fields } = change(body);
  return mergeChange(stored, fields);
};

describe("a change to a scheduled email", () => {
  it("replaces the fields it gives and keeps the rest, defaults included (a change applies none)", () => {
    const merged = mergeOf({ subject: "Second" });
    expect(merged).toMatchObject({
      subject: "Second",
      text: "Hello",
      priority: "high",
      metadata: { order: 7 },
      templateVersion: 2,
      from: { email: "sender@example.test", name: "Sender" },
    });
    expect(merged.to.map((a) => a.email)).toEqual(["ann@example.test", "bo@example.test"]);
  });

  it("writes addresses back as given and takes the same forms as a send body", () => {
    const merged = mergeOf({ to: "Cy <cy@example.test>", cc: ["dee@example.test"] });
    expect(merged.to).toEqual([{ email: "cy@example.test", name: "Cy" }]);
    expect(merged.cc).toEqual([{ email: "dee@example.test" }]);
  });

  it("removes a field given as null", () => {
    const merged = mergeOf({ text: null, metadata: null });
    expect(merged.text).toBeUndefined();
    expect(merged.metadata).toEqual({}); // the send body's default, as POST would have it
  });

  it("pins another template afresh, but keeps the pinned version when the template stays", () => {
    expect(mergeOf({ templateId: "tpl_b" }).templateVersion).toBeUndefined();
    expect(mergeOf({ templateId: "tpl_b", templateVersion: 4 }).templateVersion).toBe(4);
    expect(mergeOf({ templateId: "tpl_a", variables: { name: "Bo" } }).templateVersion).toBe(2);
  });

  it("refuses a result that would not be a whole send body, with the body's paths", () => {
    const refusal = (body: Record<string, unknown>) => {
      try {
        mergeOf(body);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        return err as AppError;
      }
      throw new Error(`accepted ${JSON.stringify(body)}`);
    };
    expect(refusal({ subject: null }).details).toEqual([expect.objectContaining({ path: "body.subject" })]);
    expect(refusal({ templateId: null }).details).toEqual([expect.objectContaining({ path: "body.templateId" })]); // variables left behind
    const noContent = refusal({ templateId: null, variables: null, text: null });
    expect(noContent.details).toEqual([expect.objectContaining({ path: "body.html", message: "give html, text or templateId" })]);
  });

  it("takes only the send body's fields, each valid on its own, and at least one", () => {
    expect(updateScheduledSchema.safeParse({}).success).toBe(false);
    expect(updateScheduledSchema.safeParse({ unknown: 1 }).success).toBe(false);
    expect(updateScheduledSchema.safeParse({ to: "not an address" }).success).toBe(false);
    expect(updateScheduledSchema.safeParse({ scheduledAt: null }).success).toBe(false);
    expect(updateScheduledSchema.safeParse({ scheduledAt: "in 2 hours" }).success).toBe(true);
    expect(updateScheduledSchema.safeParse({ scheduledAt: "next week" }).success).toBe(false);
    expect(updateScheduledSchema.safeParse({ maxRetries: 11 }).success).toBe(false);
    expect(change({ maxRetries: 5 })).toEqual({ maxRetries: 5 });
  });
});
