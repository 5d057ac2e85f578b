// mailparser with bounds: a header section past 64 KiB (a header folded over thousands of lines,
// a huge address list) refuses the message before it can stall the server; html-only mail gets
// its text here, only when the html is small enough; ordinary mail parses as before.
import { describe, expect, it } from "vitest";
import { HeaderTooLargeError, MAX_HTML_TO_TEXT_CHARS, parseMail, textOf } from "@/lib/smtp/parse-mail";

const mail = (headers: string, body = "Hello") =>
  Buffer.from(`From: a@example.test\r\nTo: b@example.test\r\nSubject: Hi\r\n${headers}\r\n${body}\r\n`);

describe("parseMail", () => {
  it("parses ordinary mail", async () => {
    const parsed = await parseMail(mail(""));
    expect(parsed.subject).toBe("Hi");
    expect(textOf(parsed)).toBe("Hello\n");
  });

  it("refuses a header folded over thousands of lines, and a huge address list", async () => {
    const folded = `X-Long: start\r\n${" x\r\n".repeat(20_000)}`;
    await expect(parseMail(mail(folded))).rejects.toBeInstanceOf(HeaderTooLargeError);
    const list = `Cc: ${Array.from({ length: 5_000 }, (_, i) => `r${i}@example.test`).join(", ")}\r\n`;
    await expect(parseMail(mail(list))).rejects.toThrow(/larger than 64 KiB/);
  });

  it("refuses a nested part's oversized header too", async () => {
    const part = `--b\r\nContent-Type: text/plain\r\nX-Long: y\r\n${" y\r\n".repeat(20_000)}\r\ninner\r\n--b--`;
    const raw = mail('Content-Type: multipart/mixed; boundary="b"\r\n', part);
    await expect(parseMail(raw)).rejects.toBeInstanceOf(HeaderTooLargeError);
  });

  it("gives html-only mail a text, unless its html is too large to convert", async () => {
    const small = await parseMail(mail("Content-Type: text/html\r\n", "<p>Hi <b>there</b></p>"));
    expect(textOf(small)).toBe("Hi there");
    const big = await parseMail(mail("Content-Type: text/html\r\n", `<p>${"a".repeat(MAX_HTML_TO_TEXT_CHARS)}</p>`));
    expect(textOf(big)).toBeNull();
  });
});
