// Template checks at save time (the AST walk) and rendering: escaping, raw subject and text,
// defaults, required variables, preview placeholders, derived text and prototype protection.
import { describe, expect, it } from "vitest";
import { assertValidTemplate, templateProblems } from "@/lib/templates/check-template";
import { renderContent } from "@/lib/templates/render-content";
import { resolveVariables } from "@/lib/templates/variables";
import { AppError } from "@/lib/errors/app-error";

const version = (parts: { subject?: string; html?: string | null; text?: string | null }) => ({
  id: `v-${Math.random()}`,
  subject: parts.subject ?? "Hi",
  html: parts.html ?? null,
  text: parts.text ?? null,
});

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError");
}

describe("save-time checks", () => {
  it("accepts plain variables, the built-in helpers used properly, comments and data paths", () => {
    const ok = [
      "Hello {{name}} {{{raw}}} {{user.first}} {{! a comment }}",
      "{{#if vip}}VIP{{else if trial}}trial{{else}}-{{/if}}{{#unless x}}no x{{/unless}}",
      "{{#each items as |item i|}}{{i}}: {{item.title}} {{@index}} {{@first}}{{/each}}",
      "{{#with user}}{{name}} {{../company}}{{/with}}",
      "{{lookup prices plan}} {{#if (lookup flags 'beta')}}beta{{/if}}",
      "{{#if n includeZero=true}}{{n}}{{/if}}",
    ];
    for (const source of ok) expect(templateProblems(source, "html"), source).toEqual([]);
  });

  it("refuses an unknown helper, naming it and its line", () => {
    expect(templateProblems("line one\n{{formatDate createdAt}}", "html")).toEqual([
      expect.stringMatching(/unknown helper "formatDate" on line 2/),
    ]);
    expect(templateProblems("{{upper name=x}}", "raw")[0]).toMatch(/unknown helper "upper"/);
    expect(templateProblems("{{#if (shout name)}}x{{/if}}", "html")[0]).toMatch(/unknown helper "shout"/);
    expect(templateProblems("{{#custom x}}y{{/custom}}", "html")[0]).toMatch(/unknown helper "custom"/);
    expect(templateProblems("{{#items}}{{.}}{{/items}}", "html")[0]).toMatch(/unknown helper "items".*\{\{#each items\}\}/);
    expect(templateProblems("{{log name}}", "html")[0]).toMatch(/unknown helper "log"/);
  });

  it("refuses built-ins used the wrong way", () => {
    expect(templateProblems("{{if a}}", "html")[0]).toMatch(/"if" on line 1 must open a block/);
    expect(templateProblems("{{#if a b}}x{{/if}}", "html")[0]).toMatch(/"if" on line 1 takes 1 argument, got 2/);
    expect(templateProblems("{{#each}}x{{/each}}", "html")[0]).toMatch(/"each" .* takes 1 argument, got 0/);
    expect(templateProblems("{{lookup a}}", "html")[0]).toMatch(/"lookup" .* takes 2 arguments, got 1/);
    expect(templateProblems("{{#lookup a b}}x{{/lookup}}", "html")[0]).toMatch(/"lookup" .* cannot open a block/);
  });

  it("refuses partials, partial blocks and inline partials (decorators)", () => {
    expect(templateProblems("a\n\n{{> footer}}", "html")).toEqual([expect.stringMatching(/partial "footer" on line 3/)]);
    expect(templateProblems("{{#> layout}}x{{/layout}}", "html")[0]).toMatch(/partial "layout"/);
    expect(templateProblems('{{#*inline "p"}}x{{/inline}}', "html")[0]).toMatch(/decorator "inline".*not supported/);
  });

  it("reports syntax errors with their line", () => {
    expect(templateProblems("ok\n{{#if x}}unclosed", "html")[0]).toMatch(/^syntax error on line \d+/);
    expect(templateProblems("one\ntwo {{name", "html")[0]).toMatch(/^syntax error on line 2: Expecting/);
    expect(templateProblems("{{#if a}}x{{/unless}}", "html")[0]).toMatch(/syntax error on line 1: if doesn't match unless/);
  });

  it("assertValidTemplate throws VALIDATION_ERROR naming each field and problem", () => {
    const err = errorOf(() => assertValidTemplate({ subject: "{{shout name}}", html: "{{> footer}}", text: "fine {{x}}" }));
    expect(err.code).toBe("VALIDATION_ERROR");
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/body\.subject: unknown helper "shout"/);
    expect(err.message).toMatch(/body\.html: partial "footer"/);
    expect(err.details?.map((d) => d.path)).toEqual(["body.subject", "body.html"]);
    expect(() => assertValidTemplate({ subject: "Hi {{name}}", html: null })).not.toThrow();
  });
});

describe("rendering", () => {
  const evil = "<script>alert(1)</script>";

  it("escapes variables in html, but not with {{{ }}}; subject and text are raw", () => {
    const out = renderContent(version({ subject: "For {{x}}", html: "<p>{{x}}</p><div>{{{x}}}</div>", text: "Text {{x}}" }), { x: evil });
    expect(out.html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><div><script>alert(1)</script></div>");
    expect(out.text).toBe(`Text ${evil}`);
    expect(out.subject).toBe(`For ${evil}`);
  });

  it("never lets a line break through into the subject", () => {
    const out = renderContent(version({ subject: "Hi {{name}}", text: "x" }), { name: "Bob\r\nBcc: victim@example.test" });
    expect(out.subject).toBe("Hi Bob Bcc: victim@example.test");
    expect(out.subject).not.toMatch(/[\r\n]/);
  });

  it("derives the text part from the rendered html when the template has none", () => {
    const out = renderContent(
      version({ html: '<h1>Welcome {{name}}</h1><p>Go <a href="https://example.test/{{id}}">here</a> &amp; enjoy</p>' }),
      { name: "<Ann>", id: 7 },
    );
    expect(out.text).toContain("WELCOME <ANN>");
    expect(out.text).toContain("here [https://example.test/7] & enjoy");
    expect(renderContent(version({ text: "only {{a}}" }), { a: 1 })).toEqual({ subject: "Hi", text: "only 1" });
  });

  it("renders missing values as empty (strict off) and loops over arrays", () => {
    const out = renderContent(version({ text: "[{{missing}}]{{#each items}}{{this}},{{/each}}{{#if flag}}yes{{/if}}" }), {
      items: ["a", "b"],
      flag: true,
    });
    expect(out.text).toBe("[]a,b,yes");
  });

  it("keeps prototype access blocked", () => {
    const out = renderContent(
      version({ text: "[{{constructor}}][{{x.constructor.name}}][{{lookup x '__proto__'}}][{{#with x}}{{__proto__}}{{/with}}]" }),
      { x: { a: 1 } },
    );
    expect(out.text).toBe("[][][][]");
  });
});

describe("variables", () => {
  const declared = [
    { name: "name", required: true, default: null },
    { name: "plan", required: true, default: "Free" },
    { name: "team", required: false, default: null },
  ];

  it("fills defaults, keeps given values and undeclared extras", () => {
    expect(resolveVariables(declared, { name: "Ann", extra: 1 }, "send")).toEqual({ name: "Ann", plan: "Free", extra: 1 });
    expect(resolveVariables(declared, { name: "Ann", plan: "Pro" }, "send")).toMatchObject({ plan: "Pro" });
  });

  it("refuses a missing (or null) required variable without a default, naming each", () => {
    const err = errorOf(() => resolveVariables([...declared, { name: "code", required: true, default: null }], { name: null }, "send"));
    expect(err.code).toBe("VALIDATION_ERROR");
    expect(err.message).toBe("Missing required template variables: name, code");
    expect(err.details).toEqual([
      { path: "body.variables.name", message: "required by the template" },
      { path: "body.variables.code", message: "required by the template" },
    ]);
  });

  it("never takes a value from the object prototype", () => {
    const values = resolveVariables(
      [{ name: "toString", required: true, default: null }],
      JSON.parse('{"__proto__": {"polluted": 1}}'),
      "preview",
    );
    expect(values.toString).toBe("toString"); // a placeholder, not Object.prototype.toString
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => resolveVariables([{ name: "toString", required: true, default: null }], {}, "send")).toThrow(
      /Missing required template variable: toString/,
    );
  });

  it("a preview fills gaps with the variable's name instead", () => {
    expect(resolveVariables(declared, {}, "preview")).toEqual({ name: "name", plan: "Free", team: "team" });
  });
});
