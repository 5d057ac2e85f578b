// A message as a mail client writes it (nodemailer's composer) and its envelope, read into the
// send body: who gets it and how, the inline image and attachment, the headers kept and dropped.
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { toSendBody } from "@/lib/submission/to-send-body";

const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function mime(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

const envelope = (...rcptTo: string[]) => ({ mailFrom: "app@sender.test", rcptTo });

describe("toSendBody", () => {
  it("keeps To and Cc that are envelope recipients, makes every other envelope recipient a Bcc", async () => {
    const raw = await mime({
      from: "App <app@sender.test>",
      to: "Ann <ann@example.test>, nobody@example.test",
      cc: "cy@example.test",
      subject: "Hello",
      text: "Hi",
    });
    const body = await toSendBody({ raw, envelope: envelope("ann@example.test", "CY@example.test", "hidden@example.test") });
    expect(body.to).toEqual([{ email: "ann@example.test", name: "Ann" }]);
    expect(body.cc).toEqual([{ email: "cy@example.test" }]);
    expect(body.bcc).toEqual([{ email: "hidden@example.test" }]);
    expect(body.from).toEqual({ email: "app@sender.test" });
    expect(body.fromName).toBe("App");
    expect(body.subject).toBe("Hello");
    expect(body.text?.trim()).toBe("Hi");
  });

  it("keeps attachments, and inline images with their Content-ID and the html's cid: link", async () => {
    const raw = await mime({
      from: "app@sender.test",
      to: "ann@example.test",
      subject: "Report",
      html: '<p>Logo <img src="cid:logo@app"></p>',
      attachments: [
        { filename: "report.csv", content: "a,b\n1,2\n", contentType: "text/csv" },
        { filename: "logo.png", content: PIXEL, contentType: "image/png", cid: "logo@app" },
      ],
    });
    const body = await toSendBody({ raw, envelope: envelope("ann@example.test") });
    expect(body.html).toContain('src="cid:logo@app"');
    const byName = Object.fromEntries(body.attachments.map((a) => [a.filename, a]));
    expect(Buffer.from(byName["report.csv"].content, "base64").toString()).toBe("a,b\n1,2\n");
    expect(byName["report.csv"].contentType).toBe("text/csv");
    expect(byName["report.csv"].contentId).toBeUndefined();
    expect(Buffer.from(byName["logo.png"].content, "base64").equals(PIXEL)).toBe(true);
    expect(byName["logo.png"].contentId).toBe("logo@app");
  });

  it("keeps the headers the send API accepts and drops the ones it refuses", async () => {
    const raw = await mime({
      from: "app@sender.test",
      to: "ann@example.test",
      subject: "Headers",
      text: "x",
      headers: { "X-Campaign": "spring", "X-Long": "a ".repeat(60) + "end", Sender: "boss@example.test", "DKIM-Signature": "v=1; forged" },
    });
    const body = await toSendBody({ raw, envelope: envelope("ann@example.test") });
    expect(body.headers["X-Campaign"]).toBe("spring");
    expect(body.headers["X-Long"]).toBe(("a ".repeat(60) + "end").replace(/\s+/g, " "));
    const names = Object.keys(body.headers).map((h) => h.toLowerCase());
    for (const refused of ["sender", "dkim-signature", "from", "to", "subject", "message-id", "content-type", "mime-version", "date"])
      expect(names).not.toContain(refused);
  });

  it("sends to a lone Bcc-only recipient as its To, and refuses several that no header names", async () => {
    const raw = await mime({ from: "app@sender.test", to: "list@example.test", subject: "Bcc", text: "x" });
    const one = await toSendBody({ raw, envelope: envelope("secret@example.test") });
    expect(one.to).toEqual([{ email: "secret@example.test" }]);
    expect(one.bcc).toBeUndefined();
    await expect(toSendBody({ raw, envelope: envelope("a@example.test", "b@example.test") })).rejects.toMatchObject({ responseCode: 554 });
  });

  it("refuses what the send API refuses, with its message", async () => {
    const raw = await mime({ from: "app@sender.test", to: "ann@example.test", text: "no subject" });
    const err = await toSendBody({ raw, envelope: envelope("ann@example.test") }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("VALIDATION_ERROR");
    expect((err as AppError).message).toContain("message.subject");
  });
});
