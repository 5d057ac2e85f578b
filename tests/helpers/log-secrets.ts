// Finds secrets in a server's log: anything shaped like a credential the product issues (API
// keys, OAuth client secrets, codes and tokens, webhook signing secrets, session tokens) and
// any of the given known values (the run's AUTH_SECRET, ENCRYPTION_KEY, staff token,
// passwords, provider credentials). Answers the offending lines, each cut to 300 characters.
const SHAPES: [string, RegExp][] = [
  ["API key", /\bmr_[A-Za-z0-9_-]{43}\b/],
  ["OAuth credential", /\bmr(?:cs|ac|at|rt)_[A-Za-z0-9_-]{43}\b/],
  ["webhook signing secret", /\bwhsec_[A-Za-z0-9+/]{40,}/],
  ["session token", /next-auth\.session-token=|\beyJhbGciOiJkaXIi/],
  ["authorization header", /"authorization"\s*:\s*"(?:Bearer|Basic) /i],
];

export function findSecrets(log: string, known: string[]): string[] {
  const values = known.filter((v) => v.length >= 8);
  const found: string[] = [];
  for (const line of log.split("\n")) {
    const shape = SHAPES.find(([, re]) => re.test(line));
    const value = values.find((v) => line.includes(v));
    if (shape || value) found.push(`${shape ? shape[0] : "known secret"}: ${line.slice(0, 300)}`);
  }
  return found;
}
