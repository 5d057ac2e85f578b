// Save-time checks of the rule language: every mistake is refused with the path to it.
import { describe, expect, it } from "vitest";
import { createRuleSchema } from "@/lib/inbound/schemas";

const ok = { name: "r", conditions: [{ field: "subject", operator: "contains", value: "x" }], actions: [{ type: "store" }] };

function issues(body: unknown): string[] {
  const r = createRuleSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("rule validation", () => {
  it("accepts a full rule and fills defaults", () => {
    const r = createRuleSchema.parse(ok);
    expect(r).toMatchObject({ priority: 100, isEnabled: true, metadata: {} });
  });

  it.each([
    [{ ...ok, name: "" }, /^name: name is required/],
    [{ ...ok, conditions: [] }, /^conditions: give at least one condition/],
    [{ ...ok, actions: [] }, /^actions: give at least one action/],
    [{ ...ok, priority: 1.5 }, /^priority: priority is a whole number/],
    [{ ...ok, conditions: [{ field: "subject", operator: "contains", value: 5 }] }, /^conditions\.0\.value/],
    [{ ...ok, conditions: [{ field: "subjekt", operator: "contains", value: "x" }] }, /^conditions\.0\.field/],
    [
      { ...ok, conditions: [{ any: [{ field: "size", operator: "contains", value: 1 }] }] },
      /^conditions\.0\.any\.0\.operator: size compares with gt, lt or equals/,
    ],
    [{ ...ok, conditions: [{ field: "size", operator: "gt", value: "10" }] }, /^conditions\.0\.value/],
    [{ ...ok, conditions: [{ field: "subject", operator: "gt", value: "x" }] }, /^conditions\.0\.operator/],
    [{ ...ok, conditions: [{ field: "header", operator: "equals", value: "x" }] }, /^conditions\.0\.name/],
    [
      { ...ok, conditions: [{ field: "header", name: "Bad Name:", operator: "equals", value: "x" }] },
      /^conditions\.0\.name: not a valid header name/,
    ],
    [
      { ...ok, conditions: [{ field: "subject", operator: "matches", value: "(unclosed" }] },
      /^conditions\.0\.value: not a valid regular expression/,
    ],
    [
      { ...ok, conditions: [{ field: "subject", operator: "matches", value: "(a)\\1" }] },
      /^conditions\.0\.value: not a valid regular expression/,
    ],
    [
      { ...ok, conditions: [{ field: "subject", operator: "matches", value: "(?=x)" }] },
      /^conditions\.0\.value: not a valid regular expression/,
    ],
    [{ ...ok, conditions: [{ field: "subject", operator: "contains", value: "x", extra: 1 }] }, /^conditions\.0/],
    // Linear, but each byte costs every compiled step: counted repetitions this large are refused.
    [
      { ...ok, conditions: [{ field: "body", operator: "matches", value: "a{1,1000}b" }] },
      /^conditions\.0\.value: regular expression too complex/,
    ],
    [{ ...ok, conditions: [{ field: "body", operator: "matches", value: "[a-z]{1,200}b|[a-z]{1,200}c" }] }, /too complex/],
    [
      { ...ok, conditions: [{ all: [{ all: [{ all: [{ all: [{ field: "subject", operator: "contains", value: "x" }] }] }] }] }] },
      /nest at most 4 deep/,
    ],
    [{ ...ok, actions: [{ type: "forward", to: ["not an address"] }] }, /^actions\.0\.to\.0: not a valid email address/],
    [{ ...ok, actions: [{ type: "forward", to: ["a@b.test\r\nBcc: x@evil.test"] }] }, /^actions\.0\.to\.0/],
    [{ ...ok, actions: [{ type: "webhook", endpointId: "nope" }] }, /^actions\.0\.endpointId: not a webhook endpoint id/],
    [{ ...ok, actions: [{ type: "tag", tags: ["has space"] }] }, /^actions\.0\.tags\.0/],
    [{ ...ok, actions: [{ type: "explode" }] }, /^actions\.0\.type/],
    [{ ...ok, actions: [{ type: "drop" }, { type: "store" }] }, /^actions\.0: drop must be the last action/],
    [{ ...ok, metadata: { big: "x".repeat(20_000) } }, /^metadata: metadata is at most 16 KiB/],
    [{ ...ok, unknown: true }, /unrecognized key/i],
  ])("refuses %j", (body, message) => {
    const found = issues(body);
    expect(found.length, JSON.stringify(body)).toBeGreaterThan(0);
    expect(found.join("\n")).toMatch(message);
  });
});
