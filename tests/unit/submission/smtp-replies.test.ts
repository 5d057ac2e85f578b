// Each refusal of the send path as the SMTP reply a client acts on; a provider's words never pass.
import { describe, expect, it } from "vitest";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import { smtpError } from "@/lib/smtp/smtp-error";
import { smtpReplyFor } from "@/lib/submission/smtp-replies";

const reply = (code: ErrorCode, message = "Mailroom says why") => smtpReplyFor(new AppError(code, message));

describe("smtpReplyFor", () => {
  it.each([
    ["INVALID_API_KEY", 535, "5.7.8"],
    ["SCOPE_DENIED", 535, "5.7.8"],
    ["TEST_MODE_RECIPIENT", 550, "5.7.1"],
    ["RECIPIENT_SUPPRESSED", 550, "5.1.1"],
    ["SENDER_NOT_VERIFIED", 553, "5.7.1"],
    ["VALIDATION_ERROR", 554, "5.6.0"],
    ["RATE_LIMITED", 451, "4.7.0"],
    ["NO_PROVIDER_CAPACITY", 451, "4.7.0"],
    ["SERVICE_UNAVAILABLE", 451, "4.3.0"],
    ["INTERNAL_ERROR", 451, "4.3.0"],
    ["CONFLICT", 554, "5.0.0"],
  ] as const)("%s → %i %s", (code, responseCode, status) => {
    const err = reply(code);
    expect(err.responseCode).toBe(responseCode);
    expect(err.message.startsWith(`${status} `)).toBe(true);
  });

  it("says Mailroom's message on one line, and how long to wait when it knows", () => {
    expect(reply("SENDER_NOT_VERIFIED", "x@y.test is not\r\na verified sender").message).toBe("5.7.1 x@y.test is not a verified sender");
    const limited = smtpReplyFor(tooManyRequests("RATE_LIMITED", "Rate limit of 60 requests per minute exceeded", 12.2));
    expect(limited.message).toBe("4.7.0 Rate limit of 60 requests per minute exceeded (try again in 13 s)");
  });

  it("never passes on a provider's reply", () => {
    const secret = "550 internal-host.corp said: token=abc";
    expect(reply("PROVIDER_REJECTED", `relay refused the message: ${secret}`).message).not.toContain("internal-host");
    expect(reply("SEND_FAILED", `Every provider failed: relay: ${secret}`).message).not.toContain("internal-host");
  });

  it("keeps an SMTP reply as it is, and answers anything unexpected as a temporary failure", () => {
    const own = smtpError(552, "5.3.4 too large");
    expect(smtpReplyFor(own)).toBe(own);
    expect(smtpReplyFor(new TypeError("boom"))).toMatchObject({ responseCode: 451, message: "4.3.0 Temporary failure, try again later" });
  });
});
