// The rule language at work: each operator on each field, groups, negation, case, priority
// and stop, and regular expressions that would hang a backtracking engine.
import { describe, expect, it } from "vitest";
import { matchRules, ruleMatches, type MatchableEmail } from "@/lib/inbound/evaluate-rules";
import { conditionsSchema, actionsSchema, type Condition } from "@/lib/inbound/rule-schema";

const email = (over: Partial<MatchableEmail> = {}): MatchableEmail => ({
  from: { address: "alice@customer.test", name: "Alice" },
  to: [
    { address: "support@acme.test", name: "" },
    { address: "sales@acme.test", name: "" },
  ],
  cc: [{ address: "boss@customer.test", name: "" }],
  subject: "Invoice #42 overdue",
  text: "Hello, please find the invoice attached.",
  html: null,
  size: 5000,
  headers: [
    { name: "x-priority", value: "1 (Highest)" },
    { name: "received", value: "from a" },
    { name: "received", value: "from b" },
  ],
  attachments: [{ filename: "invoice-42.pdf", contentType: "application/pdf" }],
  ...over,
});

const holds = (conditions: unknown[], e = email()) => ruleMatches({ conditions: conditionsSchema.parse(conditions), actions: [] }, e);

describe("operators on text fields", () => {
  const cases: [Condition, boolean][] = [
    [{ field: "from", operator: "equals", value: "ALICE@customer.test" }, true],
    [{ field: "from", operator: "equals", value: "alice@customer" }, false],
    [{ field: "from", operator: "ends_with", value: "@customer.test" }, true],
    [{ field: "from", operator: "starts_with", value: "bob" }, false],
    [{ field: "to", operator: "equals", value: "sales@acme.test" }, true], // any recipient
    [{ field: "to", operator: "equals", value: "boss@customer.test" }, false], // cc is not to
    [{ field: "cc", operator: "contains", value: "boss" }, true],
    [{ field: "recipient", operator: "equals", value: "boss@customer.test" }, true], // to or cc
    [{ field: "recipient", operator: "equals", value: "hidden@acme.test" }, false], // not in the headers
    [{ field: "subject", operator: "contains", value: "invoice" }, true],
    [{ field: "subject", operator: "starts_with", value: "Invoice #" }, true],
    [{ field: "subject", operator: "ends_with", value: "overdue" }, true],
    [{ field: "subject", operator: "equals", value: "invoice #42 overdue" }, true],
    [{ field: "subject", operator: "matches", value: "#\\d+\\s" }, true],
    [{ field: "subject", operator: "matches", value: "^overdue" }, false],
    [{ field: "body", operator: "contains", value: "find the invoice" }, true],
    [{ field: "body", operator: "matches", value: "attach(ed|ment)" }, true],
    [{ field: "header", name: "X-Priority", operator: "starts_with", value: "1" }, true],
    [{ field: "header", name: "received", operator: "equals", value: "from b" }, true], // any occurrence
    [{ field: "header", name: "x-missing", operator: "contains", value: "a" }, false],
    [{ field: "attachment_name", operator: "ends_with", value: ".pdf" }, true],
    [{ field: "attachment_type", operator: "equals", value: "application/pdf" }, true],
    [{ field: "attachment_type", operator: "starts_with", value: "image/" }, false],
  ];
  it.each(cases)("%j -> %s", (condition, expected) => {
    expect(holds([condition])).toBe(expected);
  });

  it("compares case-sensitively when asked", () => {
    expect(holds([{ field: "subject", operator: "contains", value: "invoice", caseSensitive: true }])).toBe(false);
    expect(holds([{ field: "subject", operator: "contains", value: "Invoice", caseSensitive: true }])).toBe(true);
    expect(holds([{ field: "subject", operator: "matches", value: "^invoice", caseSensitive: true }])).toBe(false);
    expect(holds([{ field: "subject", operator: "matches", value: "^invoice" }])).toBe(true);
  });

  it("matches the text of an html-only body", () => {
    const e = email({ text: null, html: "<p>Your <b>order</b> shipped</p>" });
    expect(holds([{ field: "body", operator: "contains", value: "order shipped" }], e)).toBe(true);
  });

  it("a field without values (no cc, no attachments) fails every test, and negate turns that around", () => {
    const bare = email({ cc: [], attachments: [] });
    expect(holds([{ field: "cc", operator: "contains", value: "@" }], bare)).toBe(false);
    expect(holds([{ field: "attachment_name", operator: "contains", value: "." }], bare)).toBe(false);
    expect(holds([{ field: "attachment_name", operator: "contains", value: ".", negate: true }], bare)).toBe(true);
  });
});

describe("recipient", () => {
  it("also sees envelope recipients the headers do not name (Bcc, lists)", () => {
    expect(
      holds([{ field: "recipient", operator: "equals", value: "hidden@acme.test" }], email({ envelopeTo: ["hidden@acme.test"] })),
    ).toBe(true);
    expect(holds([{ field: "to", operator: "equals", value: "hidden@acme.test" }], email({ envelopeTo: ["hidden@acme.test"] }))).toBe(
      false,
    );
  });
});

describe("size", () => {
  it.each([
    ["gt", 4999, true],
    ["gt", 5000, false],
    ["lt", 5001, true],
    ["lt", 5000, false],
    ["equals", 5000, true],
    ["equals", 1, false],
  ] as const)("size %s %d -> %s", (operator, value, expected) => {
    expect(holds([{ field: "size", operator, value }])).toBe(expected);
  });
});

describe("combinators", () => {
  const yes = { field: "subject", operator: "contains", value: "invoice" };
  const no = { field: "subject", operator: "contains", value: "refund" };
  it("the top-level list needs all of its conditions", () => {
    expect(holds([yes, yes])).toBe(true);
    expect(holds([yes, no])).toBe(false);
  });
  it("all and any groups nest", () => {
    expect(holds([{ any: [no, yes] }])).toBe(true);
    expect(holds([{ any: [no, no] }])).toBe(false);
    expect(holds([{ all: [yes, { any: [no, yes] }] }])).toBe(true);
    expect(holds([{ all: [yes, { any: [no, { all: [no] }] }] }])).toBe(false);
  });
  it("negate inverts one test", () => {
    expect(holds([{ ...no, negate: true }])).toBe(true);
    expect(holds([{ ...yes, negate: true }])).toBe(false);
  });
});

describe("priority and stop", () => {
  const rule = (name: string, subject: string, actions: unknown[]) => ({
    name,
    conditions: conditionsSchema.parse([{ field: "subject", operator: "contains", value: subject }]),
    actions: actionsSchema.parse(actions),
  });
  it("returns every matching rule in the order given, and counts the ones evaluated", () => {
    const rules = [
      rule("a", "invoice", [{ type: "store" }]),
      rule("b", "refund", [{ type: "store" }]),
      rule("c", "overdue", [{ type: "tag", tags: ["late"] }]),
    ];
    const { matched, evaluated } = matchRules(rules, email());
    expect(matched.map((r) => r.name)).toEqual(["a", "c"]);
    expect(evaluated).toBe(3);
  });
  it("a matching rule with stop or drop ends processing; a non-matching one does not", () => {
    const rules = [
      rule("skip", "refund", [{ type: "store" }, { type: "stop" }]),
      rule("first", "invoice", [{ type: "tag", tags: ["x"] }, { type: "stop" }]),
      rule("never", "invoice", [{ type: "store" }]),
    ];
    const { matched, evaluated } = matchRules(rules, email());
    expect(matched.map((r) => r.name)).toEqual(["first"]);
    expect(evaluated).toBe(2);
    const dropping = [rule("drop", "overdue", [{ type: "drop" }]), rule("never", "invoice", [{ type: "store" }])];
    expect(matchRules(dropping, email()).matched.map((r) => r.name)).toEqual(["drop"]);
  });
});

describe("the regular-expression budget", () => {
  it("stops regular-expression work past its budget: later matches tests do not hold, and the result says so", () => {
    // 20 rules each scanning 64 KiB with a pattern of 250+ steps: far past the budget if all ran.
    const body = "x".repeat(200_000);
    const rules = Array.from({ length: 20 }, (_, i) => ({
      name: `r${i}`,
      conditions: conditionsSchema.parse([{ field: "body", operator: "matches", value: `[a-w]{1,60}${i}|y{1,60}` }]),
      actions: actionsSchema.parse([{ type: "store" }]),
    }));
    const started = performance.now();
    const result = matchRules(rules, email({ text: body }));
    expect(result.patternBudgetExceeded).toBe(true);
    expect(result.matched).toEqual([]);
    expect(result.evaluated).toBe(20);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("leaves ordinary rules well inside the budget", () => {
    const rules = [
      {
        name: "r",
        conditions: conditionsSchema.parse([{ field: "body", operator: "matches", value: "invoice|receipt" }]),
        actions: actionsSchema.parse([{ type: "store" }]),
      },
    ];
    const result = matchRules(rules, email({ text: `${"x".repeat(60_000)} receipt` }));
    expect(result).toMatchObject({ patternBudgetExceeded: false, evaluated: 1 });
    expect(result.matched).toHaveLength(1);
  });
});

describe("pathological regular expressions", () => {
  it("(a+)+$ against a long run of a's followed by ! finishes at once (RE2: linear time)", () => {
    const body = `${"a".repeat(60_000)}!`; // regular expressions read the first 64 KiB of a value
    const started = performance.now();
    expect(holds([{ field: "body", operator: "matches", value: "(a+)+$" }], email({ text: body }))).toBe(false);
    expect(holds([{ field: "body", operator: "matches", value: "(a|aa)*b" }], email({ text: body }))).toBe(false);
    expect(holds([{ field: "body", operator: "matches", value: "^(([a-z])+.)+[A-Z]([a-z])+$" }], email({ text: body }))).toBe(false);
    // A backtracking engine needs longer than the age of the universe for these; a loose bound
    // keeps the test meaningful on a slow machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
