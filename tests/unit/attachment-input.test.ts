// Attachments in the send body: exactly one of content (base64) and path (an http(s) URL), a
// filename required with content and taken from the URL with path; the 40 MiB check counts
// inline content only. On the server, plain http and addresses the policy refuses without a
// connection are a 400 naming the field unless the operator's switch is on.
import { afterEach, describe, expect, it } from "vitest";
import { sendEmailSchema } from "@/lib/email/schemas";
import { checkAttachmentUrls, filenameFromUrl } from "@/lib/email/resolve-attachments";
import { AppError } from "@/lib/errors/app-error";
import { env, resetEnvCache } from "@/lib/env";

const body = (attachments: unknown[]) => ({ to: "a@example.test", subject: "s", text: "t", attachments });
const issues = (attachments: unknown[]) => {
  const parsed = sendEmailSchema.safeParse(body(attachments));
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the attachment schema", () => {
  it("takes content with a filename, or a path with or without one", () => {
    expect(issues([{ filename: "a.txt", content: "aGk=" }])).toEqual([]);
    expect(issues([{ path: "https://files.example.com/invoice.pdf" }])).toEqual([]);
    expect(issues([{ path: "https://files.example.com/x", filename: "invoice.pdf", contentType: "application/pdf" }])).toEqual([]);
  });

  it("refuses both or neither of content and path, at the attachment", () => {
    expect(issues([{ filename: "a.txt" }])).toEqual(["attachments.0: give exactly one of content (base64) or path (a URL)"]);
    expect(
      issues([
        { filename: "a.txt", content: "aGk=" },
        { filename: "b", content: "aGk=", path: "https://x.example/b" },
      ]),
    ).toEqual(["attachments.1: give exactly one of content (base64) or path (a URL)"]);
  });

  it("requires a filename with content", () => {
    expect(issues([{ content: "aGk=" }])).toEqual(["attachments.0.filename: filename is required with content"]);
  });

  it.each([
    ["not a url", "must be an https URL"],
    ["ftp://files.example.com/a", "must be an https URL"],
    ["file:///etc/passwd", "must be an https URL"],
    ["https://user:pw@files.example.com/a", "must not contain a username or password"],
  ])("refuses path %s", (path, message) => {
    expect(issues([{ path }])).toEqual([`attachments.0.path: ${message}`]);
  });

  it("counts only inline content against the 40 MiB", () => {
    const paths = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `https://files.example.com/${i}` }));
    expect(issues(paths(10))).toEqual([]);
    // Each one given by URL is a fetch when the message goes: at most 10 a message.
    expect(issues(paths(11))).toEqual(["attachments: at most 10 attachments given by path (URL) a message"]);
    const big = "A".repeat(Math.ceil((40 * 1024 * 1024 * 4) / 3) + 8);
    expect(issues([{ filename: "big", content: big }, { path: "https://files.example.com/x" }])).toEqual([
      "attachments: attachments total more than 40 MiB",
    ]);
  });
});

describe("filenameFromUrl", () => {
  it.each([
    ["https://files.example.com/docs/invoice%202026.pdf?sig=1", "invoice 2026.pdf"],
    ["https://files.example.com/docs/", "docs"],
    ["https://files.example.com/", "attachment"],
    ["https://files.example.com/a%0D%0ABcc:%20x", "a__Bcc: x"],
    ["https://files.example.com/a%2Fb%5Cc", "a_b_c"],
    ["https://files.example.com/%E0%A4%A", "%E0%A4%A"],
  ])("%s → %s", (url, name) => {
    expect(filenameFromUrl(new URL(url))).toBe(name);
  });
});

describe("checkAttachmentUrls", () => {
  const saved = process.env.ALLOW_PRIVATE_ATTACHMENT_URLS;
  afterEach(() => {
    if (saved === undefined) delete process.env.ALLOW_PRIVATE_ATTACHMENT_URLS;
    else process.env.ALLOW_PRIVATE_ATTACHMENT_URLS = saved;
    resetEnvCache();
  });
  const withSwitch = (value: string | undefined) => {
    if (value === undefined) delete process.env.ALLOW_PRIVATE_ATTACHMENT_URLS;
    else process.env.ALLOW_PRIVATE_ATTACHMENT_URLS = value;
    resetEnvCache();
  };
  const refusal = (path: string) => {
    try {
      checkAttachmentUrls([{ filename: "a", content: "aGk=" }, { path }]);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return { code: (err as AppError).code, details: (err as AppError).details };
    }
  };

  it("is off outside development when unset", () => {
    withSwitch(undefined);
    expect(env().ALLOW_PRIVATE_ATTACHMENT_URLS).toBe(false);
  });

  it.each([
    ["http://files.example.com/a", "must be an https URL"],
    ["https://127.0.0.1/a", "attachment host 127.0.0.1 is a loopback address"],
    ["https://[::ffff:10.0.0.1]/a", "attachment host ::ffff:a00:1 is a private address"],
    ["https://169.254.169.254/latest/meta-data", "attachment host 169.254.169.254 is a link-local address"],
    ["https://files.localhost/a", "host files.localhost is a local name"],
  ])("without the switch refuses %s as a 400 naming the field and the switch", (path, problem) => {
    withSwitch(undefined);
    expect(refusal(path)).toEqual({
      code: "VALIDATION_ERROR",
      details: [
        {
          path: "body.attachments.1.path",
          message: `${problem} (the operator's ALLOW_PRIVATE_ATTACHMENT_URLS allows http and local or private addresses)`,
        },
      ],
    });
  });

  it("leaves names to the connect-time check, and lets the switch allow http and private addresses", () => {
    withSwitch(undefined);
    expect(refusal("https://files.example.com/a")).toBeNull();
    withSwitch("1");
    expect(refusal("http://127.0.0.1:8080/a")).toBeNull();
    expect(refusal("http://localhost/a")).toBeNull();
  });
});
