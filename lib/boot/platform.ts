// Serverless platforms (Vercel) run the app as short-lived functions: nothing stays up to run
// the embedded runner (jobs, webhook deliveries), and nothing persists the embedded database. There the
// app needs Inngest for durable work and PostgreSQL for data, and says so at start-up rather
// than accepting sends that nothing would ever deliver (docs/deploy-vercel.md).
import type { Env } from "@/lib/env";

/** The configuration problems of this platform, as lines for the start-up error; none when fine. */
export function platformProblems(e: Env): string[] {
  if (!e.VERCEL) return [];
  const problems: string[] = [];
  if (!e.DATABASE_URL) problems.push("DATABASE_URL: a PostgreSQL connection string (the embedded database cannot persist on Vercel)");
  if (!e.INNGEST_DEV && !(e.INNGEST_EVENT_KEY && e.INNGEST_SIGNING_KEY)) {
    problems.push(
      "INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY: keys of your Inngest app (Inngest Cloud > your app > Manage), so scheduled sends, webhook deliveries and the periodic jobs run as Inngest functions; the embedded runner needs a long-lived process",
    );
  }
  return problems;
}

export function assertPlatform(e: Env): void {
  const problems = platformProblems(e);
  if (problems.length)
    throw new Error(
      `Vercel detected (VERCEL is set); set these variables:\n${problems.map((p) => `  ${p}`).join("\n")}\nSee docs/deploy-vercel.md.`,
    );
}
