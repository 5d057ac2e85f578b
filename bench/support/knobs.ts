// Environment knobs of `npm run bench` and `npm run soak`: a number (positive, or at least
// `min`) or the default.
export function knob(name: string, fallback: number, min?: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || (min === undefined ? value <= 0 : value < min)) {
    throw new Error(`${name} must be ${min === undefined ? "a positive number" : `a number of at least ${min}`}, got "${raw}"`);
  }
  return value;
}

/** A list knob (comma-separated names); all of `names` when unset. */
export function listKnob<T extends string>(name: string, names: readonly T[]): T[] {
  const raw = process.env[name];
  if (!raw) return [...names];
  const picked = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const p of picked) if (!names.includes(p as T)) throw new Error(`${name}: unknown "${p}" (one of ${names.join(", ")})`);
  return picked as T[];
}
