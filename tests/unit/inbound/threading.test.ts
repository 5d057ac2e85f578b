// Answers thread: Re: once, In-Reply-To the message's id, References its chain plus that id,
// trimmed to one header line by dropping the middle (root and most recent kept).
import { describe, expect, it } from "vitest";
import { replySubject, threadingHeaders } from "@/lib/inbound/threading";

describe("threading", () => {
  it("prefixes Re: once and keeps the subject on one line", () => {
    expect(replySubject("Hello")).toBe("Re: Hello");
    expect(replySubject("RE: Hello")).toBe("RE: Hello");
    expect(replySubject("a\r\nBcc: x@evil.test")).toBe("Re: a Bcc: x@evil.test");
  });

  it("short chains are kept whole", () => {
    expect(threadingHeaders({ messageIdHeader: "<c@x>", references: ["<a@x>", "<b@x>"] })).toEqual({
      "In-Reply-To": "<c@x>",
      References: "<a@x> <b@x> <c@x>",
    });
    expect(threadingHeaders({ messageIdHeader: "<c@x>", references: [] })).toEqual({ "In-Reply-To": "<c@x>", References: "<c@x>" });
    expect(threadingHeaders({ messageIdHeader: null, references: ["<a@x>"] })).toEqual({});
  });

  it("long chains keep the root and the most recent ids within 998 characters", () => {
    const id = (n: number) => `<CAF${String(n).padStart(3, "0")}${"q".repeat(60)}@mail.gmail.com>`;
    const references = Array.from({ length: 40 }, (_, i) => id(i));
    const { References, "In-Reply-To": inReplyTo } = threadingHeaders({ messageIdHeader: id(40), references });
    expect(inReplyTo).toBe(id(40));
    expect(References.length).toBeLessThanOrEqual(998);
    const kept = References.split(" ");
    expect(kept[0]).toBe(id(0));
    expect(kept.at(-1)).toBe(id(40));
    expect(kept.at(-2)).toBe(id(39));
    expect(kept.length).toBeGreaterThan(5);
  });
});
