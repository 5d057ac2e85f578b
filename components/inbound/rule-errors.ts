// A rule form's problems by path ("conditions.0.value"): from the form's own check
// (rule-draft.ts) or from the route's 400.
import { ApiError } from "@/hooks/fetch-json";

export type RuleErrors = Record<string, string>;

export const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Invalid request: body.conditions.0.value: …; body.actions.1.endpointId: …" from a 400, by path. */
export function serverErrors(error: Error | null): RuleErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: RuleErrors = {};
  for (const [, path, message] of error.message.matchAll(/body\.([\w.]+): ([^;]+)/g)) {
    const key = /^actions\.\d+\.(to|tags)\.\d+$/.test(path) ? path.replace(/\.\d+$/, "") : path;
    out[key] ??= sentence(message.trim());
  }
  return out;
}

/** The first problem at `path` or anywhere under it. */
export function errorUnder(errors: RuleErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return key ? errors[key] : undefined;
}

/** Problems under `path` that no input of its own shows, e.g. "conditions.0" (an unknown key). */
export function otherErrors(errors: RuleErrors, path: string, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([k]) => (k === path || k.startsWith(`${path}.`)) && !shown.some((s) => k === `${path}.${s}` || k.startsWith(`${path}.${s}.`)))
    .map(([, m]) => m);
}
