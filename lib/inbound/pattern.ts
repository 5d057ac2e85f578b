// Regular expressions of inbound rules, run by RE2 (the re2js port): matching takes time linear
// in the input whatever the pattern, so "(a+)+$" against a long body cannot hang the server.
// Backreferences and lookarounds, which need backtracking, are refused at save time.
import { RE2JS } from "re2js";

export class PatternError extends Error {
  override name = "PatternError";
}

const MAX_PATTERN = 1000;
const MAX_PROGRAM = 20_000;
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
  // Counted repetitions such as (x{1000}){1000} blow up the compiled program, not the run time.
  if (compiled.programSize() > MAX_PROGRAM) throw new PatternError("regular expression too complex");
  if (cache.size >= 500) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}
