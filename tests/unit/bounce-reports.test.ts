// Reading bounce and complaint reports (lib/bounces): RFC 3464 DSNs, RFC 5965 feedback reports
// and the plain-text forms of Gmail, Outlook/Hotmail, Yahoo, qmail and Postfix, from realistic
// fixtures parsed as the inbound listener parses them; and the signed return path.
import { describe, expect, it } from "vitest";
import { parseMime } from "@/lib/inbound/parse-mime";
import { parseReport } from "@/lib/bounces/parse-report";
import { cleanReason, MAX_REASON_CHARS, MAX_REPORT_RECIPIENTS, statusOf } from "@/lib/bounces/report";
import { issuedTo, readVerpAddress, verpAddress } from "@/lib/bounces/verp-address";
import { bounceKey, deliveryEvents } from "@/lib/email/delivery-events";
import { bounceFixture, type BounceFixture } from "../fixtures/bounces/fixture";

const MESSAGE = "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b";
const DOMAIN = "bounces.example.com";
const RETURN_PATH = verpAddress({ messageId: MESSAGE, recipient: "Gone@example.org", domain: DOMAIN });
const RECIPIENTS = ["ann@example.org", "gone@example.org", "bob@example.org"];
const ORIGINAL = "<5e1b7c2d-0f3a-4b9e-8d6c-7a1b2c3d4e5f@sender.test>";

/** The fixture read as the inbound listener reads it: parsed, with the raw report beside it. */
async function read(name: BounceFixture, recipient = "gone@example.org") {
  const raw = bounceFixture(name, { returnPath: RETURN_PATH, recipient, messageId: ORIGINAL });
  return parseReport(await parseMime(raw), raw);
}

const mime = (headers: string, body: string) => parseMime(Buffer.from(`${headers}\r\n\r\n${body}`.replace(/\r?\n/g, "\r\n")));

describe("the return path", () => {
  it("is lower-case, at most 64 octets before the @, and names the message and the one recipient it was issued to", () => {
    const [local, domain] = RETURN_PATH.split("@");
    expect(local).toMatch(/^b-[0-9a-f]{32}-[0-9a-f]{20}$/);
    expect(local.length).toBeLessThanOrEqual(64);
    expect(domain).toBe(DOMAIN);
    const path = readVerpAddress({ address: RETURN_PATH, domain: DOMAIN })!;
    expect(path.messageId).toBe(MESSAGE);
    expect(issuedTo(path, RECIPIENTS)).toBe("gone@example.org");
    // MTAs that fold case upper-case it: it still reads.
    expect(issuedTo(readVerpAddress({ address: RETURN_PATH.toUpperCase(), domain: DOMAIN })!, RECIPIENTS)).toBe("gone@example.org");
    // Another recipient of the same message has a return path of their own.
    const ann = verpAddress({ messageId: MESSAGE, recipient: "ann@example.org", domain: DOMAIN });
    expect(ann).not.toBe(RETURN_PATH);
    expect(issuedTo(readVerpAddress({ address: ann, domain: DOMAIN })!, RECIPIENTS)).toBe("ann@example.org");
  });

  it("names nobody when altered, for another message, or for recipients it was not issued to; does not read at another domain or in another form", () => {
    const local = RETURN_PATH.split("@")[0];
    const otherMessage = `b-${"0".repeat(32)}-${local.slice(-20)}@${DOMAIN}`;
    const flipped = `${local.slice(0, -1)}${local.endsWith("0") ? "1" : "0"}@${DOMAIN}`;
    expect(issuedTo(readVerpAddress({ address: otherMessage, domain: DOMAIN })!, RECIPIENTS)).toBeNull();
    expect(issuedTo(readVerpAddress({ address: flipped, domain: DOMAIN })!, RECIPIENTS)).toBeNull();
    expect(issuedTo(readVerpAddress({ address: RETURN_PATH, domain: DOMAIN })!, ["ann@example.org", "bob@example.org"])).toBeNull();
    expect(readVerpAddress({ address: `${local}@other.example.com`, domain: DOMAIN })).toBeNull();
    expect(readVerpAddress({ address: `postmaster@${DOMAIN}`, domain: DOMAIN })).toBeNull();
    expect(readVerpAddress({ address: "no-at-sign", domain: DOMAIN })).toBeNull();
  });
});

describe("delivery status notifications (RFC 3464)", () => {
  it("Postfix: failed 5.1.1 is a hard bounce with the status and diagnostic, and the original's Return-Path", async () => {
    const report = await read("postfix-dsn");
    expect(report).toEqual({
      form: "dsn",
      originalReturnPath: RETURN_PATH,
      findings: [
        {
          recipients: ["gone@example.org"],
          type: "email.bounced",
          bounceKind: "hard",
          reason: "5.1.1 550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown in local recipient table",
        },
      ],
    });
  });

  it("Postfix: delayed 4.4.1 is a deferral", async () => {
    const report = await read("postfix-delayed");
    expect(report.form).toBe("dsn");
    expect(report.findings).toEqual([
      {
        recipients: ["gone@example.org"],
        type: "email.deferred",
        reason: "4.4.1 connect to mx.example.org[192.0.2.9]:25: Connection timed out",
      },
    ]);
  });

  it("Gmail: a hard bounce, the original from its message/rfc822 part", async () => {
    const report = await read("gmail", "nobody@gmail.com");
    expect(report.form).toBe("dsn");
    expect(report.originalReturnPath).toBe(RETURN_PATH);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ recipients: ["nobody@gmail.com"], type: "email.bounced", bounceKind: "hard" });
    expect(report.findings[0].reason).toMatch(/^5\.1\.1 550-5\.1\.1 The email account that you tried to reach does not exist/);
  });

  it("Outlook / Exchange Online: a hard bounce with the 5.1.10 status", async () => {
    const report = await read("outlook", "nobody@outlook.com");
    expect(report.form).toBe("dsn");
    expect(report.originalReturnPath).toBeNull();
    expect(report.findings).toEqual([
      {
        recipients: ["nobody@outlook.com"],
        type: "email.bounced",
        bounceKind: "hard",
        reason: "5.1.10 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup",
      },
    ]);
  });

  it("failed with a 4.x.x status is a soft bounce; delivered, relayed and expanded say nothing; Original-Recipient comes first", async () => {
    const email = await mime(
      'From: MAILER-DAEMON@mx.example\r\nTo: x@bounces.example.com\r\nSubject: Returned mail\r\nMessage-ID: <r1@mx.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"',
      [
        "--b",
        "Content-Type: text/plain",
        "",
        "Report.",
        "--b",
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; mx.example",
        "",
        "Original-Recipient: rfc822; Full@Example.org",
        "Final-Recipient: rfc822; full-alias@example.org",
        "Action: failed",
        "Status: 4.2.2",
        "Diagnostic-Code: smtp; 452 4.2.2 Mailbox full",
        "",
        "Final-Recipient: rfc822; fine@example.org",
        "Action: delivered",
        "Status: 2.0.0",
        "",
        "Final-Recipient: rfc822; relayed@example.org",
        "Action: relayed",
        "Status: 2.0.0",
        "--b--",
        "",
      ].join("\r\n"),
    );
    expect(parseReport(email)).toEqual({
      form: "dsn",
      originalReturnPath: null,
      findings: [
        {
          recipients: ["full@example.org", "full-alias@example.org"],
          type: "email.bounced",
          bounceKind: "soft",
          reason: "4.2.2 452 4.2.2 Mailbox full",
        },
      ],
    });
  });

  it("a DSN of deliveries only is recognised as nothing, not read as plain text", async () => {
    const email = await mime(
      'From: MAILER-DAEMON@mx.example\r\nSubject: Delivery Status Notification (Failure)\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"',
      "--b\r\nContent-Type: text/plain\r\n\r\n<ok@example.org>: delivered\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n\r\nFinal-Recipient: rfc822; ok@example.org\r\nAction: delivered\r\nStatus: 2.0.0\r\n--b--\r\n",
    );
    expect(parseReport(email)).toEqual({ form: null, findings: [], originalReturnPath: null });
  });

  it("takes at most MAX_REPORT_RECIPIENTS recipients", async () => {
    const groups = Array.from(
      { length: MAX_REPORT_RECIPIENTS + 20 },
      (_, i) => `Final-Recipient: rfc822; r${i}@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n`,
    );
    const email = await mime(
      'From: m@mx.example\r\nSubject: x\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"',
      `--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n\r\n${groups.join("\r\n")}--b--\r\n`,
    );
    expect(parseReport(email).findings).toHaveLength(MAX_REPORT_RECIPIENTS);
  });
});

describe("plain-text bounces", () => {
  it("Yahoo: the address line and its 554 are a hard bounce; the quoted copy's Return-Path is the original's", async () => {
    const report = await read("yahoo", "nobody@yahoo.com");
    expect(report).toEqual({
      form: "text",
      originalReturnPath: RETURN_PATH,
      findings: [
        {
          recipients: ["nobody@yahoo.com"],
          type: "email.bounced",
          bounceKind: "hard",
          reason: "554: delivery error: dd This user doesn't have a yahoo.com account (nobody@yahoo.com) [0] - mta4012.mail.gq1.yahoo.com",
        },
      ],
    });
  });

  it("qmail: a permanent error, the remote host's 5.1.1", async () => {
    const report = await read("qmail");
    expect(report.form).toBe("text");
    expect(report.originalReturnPath).toBe(RETURN_PATH);
    expect(report.findings).toEqual([
      {
        recipients: ["gone@example.org"],
        type: "email.bounced",
        bounceKind: "hard",
        reason:
          "192.0.2.44 does not like recipient. Remote host said: 550 5.1.1 <gone@example.org>... No such user Giving up on 192.0.2.44.",
      },
    ]);
  });

  it("Hotmail's plain text ('Delivery has failed to these recipients or groups'): the remote server's 552 5.2.2", async () => {
    const report = await read("hotmail-text", "full@hotmail.com");
    expect(report.form).toBe("text");
    expect(report.originalReturnPath).toBeNull();
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ recipients: ["full@hotmail.com"], type: "email.bounced", bounceKind: "hard" });
    expect(report.findings[0].reason).toContain("552 5.2.2 STOREDRV.Deliver; mailbox full");
  });

  it("ordinary mail at the bounce domain (an auto-reply) is nothing", async () => {
    const email = await mime(
      "From: ann@example.org\r\nSubject: Out of office\r\nMessage-ID: <ooo@example.org>",
      "I am away until Monday.\r\n<bob@example.org>: my colleague\r\n",
    );
    expect(parseReport(email)).toEqual({ form: null, findings: [], originalReturnPath: null });
  });
});

describe("feedback reports (RFC 5965)", () => {
  it("Feedback-Type abuse is a complaint about the Original-Rcpt-To", async () => {
    const report = await read("arf", "reader@yahoo.com");
    expect(report).toEqual({
      form: "arf",
      originalReturnPath: RETURN_PATH,
      findings: [{ recipients: ["reader@yahoo.com"], type: "email.complained", reason: "Feedback-Type: abuse (Yahoo!-Mail-Feedback/2.0)" }],
    });
  });

  it("not-spam is no complaint; without Original-Rcpt-To the original's single To is taken", async () => {
    const raw = bounceFixture("arf", { returnPath: RETURN_PATH, recipient: "reader@yahoo.com", messageId: ORIGINAL }).toString();
    const notSpam = Buffer.from(raw.replace("Feedback-Type: abuse", "Feedback-Type: not-spam"));
    expect(parseReport(await parseMime(notSpam), notSpam).findings).toEqual([]);
    const redacted = Buffer.from(raw.replace(/Original-Rcpt-To: [^\r\n]*\r\n/, ""));
    expect(parseReport(await parseMime(redacted), redacted).findings.map((f) => f.recipients)).toEqual([["reader@yahoo.com"]]);
    // Parsed alone (a provider's post), the inline original's To is out of reach: no recipient, no complaint.
    expect(parseReport(await parseMime(redacted)).findings).toEqual([]);
  });
});

describe("reports built to cost", () => {
  // Each is read with every step bounded (lines, line length, what is kept per address, the
  // header value scanned): the answer comes back, capped, rather than after minutes of CPU.
  it("a plain-text bounce listing thousands of addresses, or one address thousands of times", async () => {
    const many = Array.from({ length: 4_000 }, (_, i) => `user${i}@example.org`).join("\n");
    const listed = await mime(
      "From: MAILER-DAEMON@example.org\nSubject: Undeliverable",
      `Delivery has failed to these recipients or groups:\n${many}`,
    );
    const findings = parseReport(listed).findings;
    expect(findings).toHaveLength(MAX_REPORT_RECIPIENTS);
    const same = await mime(
      "From: MAILER-DAEMON@example.org\nSubject: Undeliverable",
      `Delivery has failed to these recipients or groups:\n${"x@y.zz\n".repeat(4_000)}`,
    );
    expect(parseReport(same).findings.map((f) => f.recipients)).toEqual([["x@y.zz"]]);
  });

  it("lines of spaces, brackets and @ signs, as many as are read, name nobody; names and brackets around an address still read", async () => {
    const subject = "From: MAILER-DAEMON@example.org\nSubject: Undeliverable";
    for (const line of [
      `${" ".repeat(150)}(${"@".repeat(148)}(`,
      `<${"@".repeat(298)}`,
      `was not delivered to ${"@".repeat(120)} was not delivered to ${"@".repeat(120)}`,
      `${"a".repeat(100)} <${"b".repeat(64)}@${"@".repeat(130)}`,
    ]) {
      const report = await mime(subject, `Delivery has failed to these recipients or groups:\n${`${line}\n`.repeat(499)}`);
      expect(parseReport(report).findings, line.slice(0, 20)).toEqual([]);
    }
    const named = await mime(
      subject,
      "Delivery has failed to these recipients or groups:\nann@x.test\nAnn (ann2@x.test)\nAnn Roe <ann3@x.test>\n  <ann4@x.test>  \n",
    );
    expect(parseReport(named).findings.map((f) => f.recipients[0])).toEqual(["ann@x.test", "ann2@x.test", "ann3@x.test", "ann4@x.test"]);
  });

  it("an included original whose To header is a quarter of a million characters without an @", async () => {
    const report = await mime(
      "From: MAILER-DAEMON@example.org\nSubject: Undelivered Mail Returned to Sender",
      `This is the mail system.\n<gone@example.org>: host said: 550 5.1.1 unknown\n\n--- Below this line is a copy of the message.\n\nMessage-ID: <orig@x.test>\nTo: ${"a".repeat(250_000)}\n`,
    );
    expect(parseReport(report).findings).toEqual([expect.objectContaining({ recipients: ["gone@example.org"], type: "email.bounced" })]);
  });
});

describe("one event of each kind, whoever tells it", () => {
  it("a recipient the relay refused at RCPT TO is keyed as a report about it would be: a later DSN adds nothing", () => {
    const [event] = deliveryEvents({ orgId: MESSAGE, projectId: null, messageId: MESSAGE, sendMode: "production" }, ["Gone@example.org"], {
      providerId: null,
      occurredAt: new Date(),
      refused: [{ email: "gone@example.org", reason: "SMTP: refused", permanent: true }],
    });
    expect(event).toMatchObject({ type: "email.bounced", bounceKind: "hard", recipient: "gone@example.org" });
    expect(event.dedupeKey).toBe(bounceKey({ messageId: MESSAGE, recipient: "gone@example.org", type: "email.bounced", kind: "hard" }));
  });
});

describe("reasons", () => {
  it("lose control characters and are bounded", () => {
    expect(cleanReason("550\u0000 5.1.1\r\n\tgone\u001b[31m")).toBe("550 5.1.1 gone [31m");
    expect(cleanReason("x".repeat(10_000))).toHaveLength(MAX_REASON_CHARS);
    // Invisible in other ways: Hangul fillers, the blank braille pattern, a grapheme joiner, variation selectors, stacked marks.
    expect(cleanReason("a\u3164b\u115Fc\uFFA0d\u2800e\u034Ff\uFE0Fg")).toBe("a b c d e f g");
    expect(cleanReason(`z${"\u0301".repeat(50)}!`)).toBe("z\u0301\u0301!");
    expect(cleanReason("a\u{1D159}b\u{13441}c\uE000d\u0378e")).toBe("a b c d e");
    // Cut at the bound through an emoji: no half of it is left.
    expect(cleanReason(`${"x".repeat(MAX_REASON_CHARS - 1)}\u{1F600}`)).toBe(`${"x".repeat(MAX_REASON_CHARS - 1)}\uFFFD`);
    // Invisible formatting too: a direction override or a zero-width space cannot disguise what a reason says.
    expect(cleanReason("abuse (\u202Eevil\u200B\uFEFFtext)")).toBe("abuse ( evil text)");
  });

  it("statusOf reads an enhanced status first, else an SMTP reply code", () => {
    expect(statusOf("550 5.1.1 unknown")).toEqual({ code: "5.1.1", permanent: true });
    expect(statusOf("452 too many")).toEqual({ code: "452", permanent: false });
    expect(statusOf("connection refused")).toBeNull();
  });
});
