// The values a template is rendered with: what the caller gave, then each declared variable's
// default. For a send a required variable with neither is a 400 naming it; a preview fills
// such gaps with the variable's own name, so the author sees where it lands.
import { AppError } from "@/lib/errors/app-error";
import type { TemplateVariable } from "@/lib/templates/schemas";

const missing = (v: unknown) => v === undefined || v === null;

export function resolveVariables(
  declared: TemplateVariable[],
  given: Record<string, unknown>,
  mode: "send" | "preview",
): Record<string, unknown> {
  // A copy without a prototype: the caller's object is never changed, and a name such as
  // "constructor" can only ever mean a value the caller gave or the template declared.
  const values: Record<string, unknown> = Object.assign(Object.create(null), given);
  const absent: string[] = [];
  for (const v of declared) {
    if (!missing(values[v.name])) continue;
    if (!missing(v.default)) values[v.name] = v.default;
    else if (mode === "preview") values[v.name] = v.name;
    else if (v.required) absent.push(v.name);
  }
  if (absent.length) {
    throw new AppError(
      "VALIDATION_ERROR",
      `Missing required template variable${absent.length === 1 ? "" : "s"}: ${absent.join(", ")}`,
      absent.map((name) => ({ path: `body.variables.${name}`, message: "required by the template" })),
    );
  }
  return values;
}
