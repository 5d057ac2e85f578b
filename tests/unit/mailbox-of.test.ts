// The instance-mail allowance counts inboxes, not spellings: sub-addresses and Gmail's dots and
// googlemail.com reach one inbox, so they share one allowance.
import { describe, expect, it } from "vitest";
import { mailboxOf } from "@/lib/system-mail/address-allowance";

describe("mailboxOf", () => {
  it("folds case, +tags, and at Gmail dots and googlemail.com", () => {
    expect(mailboxOf(" Someone+news@Example.test ")).toBe("someone@example.test");
    for (const a of ["zed1790@gmail.com", "z.ed1790@gmail.com", "ze.d.1790+x@GMAIL.com", "zed1790@googlemail.com"])
      expect(mailboxOf(a)).toBe("zed1790@gmail.com");
  });

  it("keeps what other providers may tell apart: dots elsewhere, a leading plus", () => {
    expect(mailboxOf("first.last@example.test")).toBe("first.last@example.test");
    expect(mailboxOf("+tag@example.test")).toBe("+tag@example.test");
  });
});
