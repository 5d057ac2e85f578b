// Bounds on what one template render may do. A Handlebars render is
// synchronous: nothing else on the server runs until it returns, so a template that multiplies
// work ({{#each}} inside {{#each}} over long lists, or a long variable repeated many times) must
// be stopped by construction, not by a clock. Save time refuses nesting past MAX_EACH_DEPTH
// (check-template.ts); render time counts, per part, every {{#each}} iteration and every
// character the render produces, and aborts past the budget with RenderLimitError.
// Sized so the worst render stays within about 50 ms on a modest server: 2,000 iterations,
// and 500,000 characters (html-to-text, which derives a missing text part, is the slow step:
// about 8 MB a second). A newsletter of 50 products with 5 options each is 300 iterations.
export const MAX_EACH_DEPTH = 3;
export const MAX_BLOCK_DEPTH = 10;
export const MAX_ITERATIONS = 2_000;
/** Characters produced by one part's render: what the variables it reads hold, and what each
 * iteration outputs (a nested iteration's output counts again in its parent's, so the bound
 * is on work done, at most MAX_EACH_DEPTH times the finished part). */
export const MAX_RENDER_CHARS = 500_000;

export class RenderLimitError extends Error {}

interface Budget {
  iterations: number;
  chars: number;
}

// One render at a time runs (it is synchronous), so one slot holds the budget of the current one.
let current: Budget | null = null;

/** Runs `render` with a fresh budget. */
export function withinBudget<T>(render: () => T): T {
  const outer = current;
  current = { iterations: 0, chars: 0 };
  try {
    return render();
  } finally {
    current = outer;
  }
}

export function chargeIteration(): void {
  if (current && ++current.iterations > MAX_ITERATIONS) {
    throw new RenderLimitError(`it runs more than ${MAX_ITERATIONS.toLocaleString("en")} {{#each}} iterations`);
  }
}

export function chargeChars(count: number): void {
  if (current && (current.chars += count) > MAX_RENDER_CHARS) {
    throw new RenderLimitError(`it produces more than ${MAX_RENDER_CHARS.toLocaleString("en")} characters`);
  }
}

const proxies = new WeakMap<object, object>();
const plainPrimitive = () => "[object Object]";

function isFrozenProperty(target: object, key: string | symbol): boolean {
  const d = Reflect.getOwnPropertyDescriptor(target, key);
  return Boolean(d && !d.configurable && !d.writable);
}

/**
 * The values as the render reads them: every string read is charged to the budget (a variable
 * written out 100,000 times is 100,000 charges), every object read is watched the same way.
 * The values themselves are never changed.
 */
export function watchedValues<T extends object>(values: T): T {
  let proxy = proxies.get(values);
  if (!proxy) {
    proxy = new Proxy(values, {
      get(target, key, receiver) {
        // Handlebars compares a block's context with its parent's loosely (context != depths[0],
        // whenever a template reads ../); the values are a copy without a prototype
        // (variables.ts), which cannot become a primitive, so the comparison threw. Answered as
        // a plain object would be. A template cannot name a symbol, so it never sees this.
        if (key === Symbol.toPrimitive && !(key in target)) return plainPrimitive;
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value === "string") chargeChars(value.length);
        // A frozen property must read as itself (a Proxy invariant): left unwatched, as no
        // value built from JSON or a contact is frozen.
        else if (typeof value === "object" && value !== null && !isFrozenProperty(target, key)) return watchedValues(value);
        return value;
      },
    });
    proxies.set(values, proxy);
  }
  return proxy as T;
}
