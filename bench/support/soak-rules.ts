// The soak's pass rules, on its per-window curve. Window 1 is the warm-up (the JIT, the
// connection pool, Next's caches and the old generation settle); window 2 is the reference.
//   - zero errors: no failed request, no failed verification, no delivery missing after the drain;
//   - flat memory: the mean RSS of the last window within RSS_TOLERANCE of window 2's, and the
//     least-squares slope of the windows' mean RSS from window 3 on below RSS_SLOPE MiB/min;
//   - flat latency: the p99 of the last window, for requests and for deliveries, within
//     LATENCY_FACTOR of window 2's (plus LATENCY_SLACK_MS, so that a 20 ms p99 may become 45 ms).

export interface CurvePoint {
  window: number;
  /** Minutes since the start of the load, at the window's end. */
  minutes: number;
  requests: number;
  errors: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  sendsPerSec: number;
  deliveriesPerSec: number;
  deliveryP99: number;
  rssMeanMiB: number;
  rssPeakMiB: number;
  databaseMiB: number;
  /** Due and not done at the window's end: webhook deliveries + demo events. */
  backlog: number;
}

export interface Rules {
  rssTolerance: number;
  rssSlopeMiBPerMinute: number;
  latencyFactor: number;
  latencySlackMs: number;
}

export interface Verdict {
  rule: string;
  pass: boolean;
  detail: string;
}

/** Least-squares slope of y over x. */
export function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export function judge(curve: CurvePoint[], extra: { failedVerifications: number; missing: number }, rules: Rules): Verdict[] {
  const verdicts: Verdict[] = [];
  const errors = curve.reduce((n, p) => n + p.errors, 0);
  verdicts.push({
    rule: "zero errors",
    pass: errors === 0 && extra.failedVerifications === 0 && extra.missing === 0,
    detail: `${errors} failed requests, ${extra.failedVerifications} failed verifications, ${extra.missing} deliveries missing after the drain`,
  });
  if (curve.length < 3) {
    verdicts.push({
      rule: "enough windows",
      pass: false,
      detail: `${curve.length} windows; the rules need at least 3 (warm-up, reference, last)`,
    });
    return verdicts;
  }
  const [reference, last] = [curve[1], curve[curve.length - 1]];
  const bound = reference.rssMeanMiB * (1 + rules.rssTolerance);
  verdicts.push({
    rule: "flat memory: level",
    pass: last.rssMeanMiB <= bound,
    detail: `last window's mean RSS ${last.rssMeanMiB.toFixed(0)} MiB, window 2's ${reference.rssMeanMiB.toFixed(0)} MiB (bound ${bound.toFixed(0)} MiB, +${(rules.rssTolerance * 100).toFixed(0)}%)`,
  });
  const tail = curve.slice(2);
  if (tail.length >= 3) {
    const s = slope(
      tail.map((p) => p.minutes),
      tail.map((p) => p.rssMeanMiB),
    );
    verdicts.push({
      rule: "flat memory: no climb",
      pass: s < rules.rssSlopeMiBPerMinute,
      detail: `mean RSS from window 3 on rises ${s.toFixed(2)} MiB/min (bound ${rules.rssSlopeMiBPerMinute} MiB/min)`,
    });
  } else {
    verdicts.push({
      rule: "flat memory: no climb",
      pass: true,
      detail: `not judged: ${tail.length} windows from window 3 on, the slope needs 3`,
    });
  }
  const flat = (name: string, ref: number, got: number) => {
    if (!Number.isFinite(ref) && !Number.isFinite(got))
      return verdicts.push({ rule: `flat latency: ${name}`, pass: true, detail: "not judged: none measured" });
    const limit = ref * rules.latencyFactor + rules.latencySlackMs;
    verdicts.push({
      rule: `flat latency: ${name}`,
      pass: got <= limit,
      detail: `last window's p99 ${got.toFixed(0)} ms, window 2's ${ref.toFixed(0)} ms (bound ${limit.toFixed(0)} ms)`,
    });
  };
  flat("requests", reference.p99, last.p99);
  flat("deliveries", reference.deliveryP99, last.deliveryP99);
  return verdicts;
}
