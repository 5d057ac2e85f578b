// The one Handlebars environment templates are compiled in: an isolated instance (nothing
// registered globally can reach it), the built-in helpers only, and Handlebars' default
// prototype-access protection left on (no allowProto* options anywhere), so a template can
// never read `constructor`, `__proto__` or inherited methods of the variables it is given.
import Handlebars from "handlebars";
import { chargeChars, chargeIteration, watchedValues, withinBudget } from "@/lib/templates/render-budget";

const hb = Handlebars.create();

// {{#each}} as Handlebars has it, with every iteration and what it outputs charged to the
// render's budget (render-budget.ts): the one helper that multiplies work.
const builtinEach = hb.helpers.each as (this: unknown, context: unknown, options: Handlebars.HelperOptions) => string;
hb.registerHelper("each", function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  const fn = options.fn;
  const counted: Handlebars.HelperOptions = {
    ...options,
    fn: (value: unknown, opts?: Handlebars.RuntimeOptions) => {
      chargeIteration();
      const out = fn(value, opts);
      chargeChars(out.length);
      return out;
    },
  };
  return builtinEach.call(this, context, counted);
});

// knownHelpersOnly: a call to anything but these fails at compile time, never at send time.
// `log` is a Handlebars built-in too, but writes to the server console: switched off.
const KNOWN_HELPERS = { if: true, unless: true, each: true, with: true, lookup: true, log: false };

/** `html`: {{x}} is HTML-escaped (and {{{x}}} the author's explicit raw choice); subject and text are raw. */
export type Part = "html" | "raw";

const optionsFor = (part: Part): CompileOptions => ({
  strict: false,
  knownHelpersOnly: true,
  knownHelpers: KNOWN_HELPERS,
  noEscape: part === "raw",
});

export const parseTemplate = (source: string) => hb.parse(source);

/** Runs the compiler without rendering, so compile-time errors surface at save time. */
export function precompileTemplate(source: string, part: Part): void {
  hb.precompile(source, optionsFor(part));
}

// Versions never change once written, so a compiled version part can be reused; bounded so
// a busy server with many templates keeps a fixed amount of memory.
const cache = new Map<string, HandlebarsTemplateDelegate>();
const CACHE_SIZE = 500;

/** Renders `source` with `values`, within the render budget (RenderLimitError past it).
 * `cacheKey` (a version id and part) reuses the compiled function. */
export function renderSource(source: string, part: Part, values: Record<string, unknown>, cacheKey?: string): string {
  let template = cacheKey ? cache.get(cacheKey) : undefined;
  if (!template) {
    template = hb.compile(source, optionsFor(part));
    if (cacheKey) {
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(cacheKey, template);
    }
  }
  const compiled = template;
  return withinBudget(() => compiled(watchedValues(values)));
}

/** Text made safe to put in HTML, escaped as templates escape their variables. */
export const escapeHtml = (text: string) => Handlebars.Utils.escapeExpression(text);
