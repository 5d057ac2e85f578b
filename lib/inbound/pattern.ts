// Regular expressions of inbound rules, run by RE2 (the re2js port): matching takes time linear
// in the input whatever the pattern, so "(a+)+$" against a long body cannot hang the server.
// Backreferences and lookarounds, which need backtracking, are refused at save time. Linear is
// not free: the time per byte grows with the compiled program (a{1,1000} is 2,000 steps), so
// programs are capped at save time and each message's matching has a budget (evaluate-rules.ts).
import { RE2JS } from "re2js";

export class PatternError extends Error {
  override name = "PatternError";
}

const MAX_PATTERN = 1000;
/** About 7 ms per 64 KiB of text per 100 program steps on the reference machine. */
export const MAX_PROGRAM = 300;
const cache = new Map<string, RE2JS>();

export function compilePattern(source: string, caseSensitive: boolean): RE2JS {
  const key = `${caseSensitive ? "s" : "i"}:${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (source.length > MAX_PATTERN) throw new PatternError(`regular expressions are at most ${MAX_PATTERN} characters`);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^error parsing regexp: /, "") : String(err);
    throw new PatternError(`not a valid regular expression (RE2 syntax; no backreferences or lookarounds): ${reason}`);
  }
  if (compiled.programSize() > MAX_PROGRAM) {
    throw new PatternError(
      `regular expression too complex (${compiled.programSize()} steps compiled, at most ${MAX_PROGRAM}): use fewer or smaller counted repetitions such as {1,1000}`,
    );
  }
  if (cache.size >= 500) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}
