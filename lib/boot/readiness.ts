// Readiness: whether this instance should get traffic. Not while it starts (configuration,
// migrations, runners), not once it is stopping (SIGTERM), not while its database does not
// answer within a couple of seconds.
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { phase } from "@/lib/boot/lifecycle";
import { within } from "@/lib/boot/within";

export interface Readiness {
  ready: boolean;
  status: "ready" | "starting" | "stopping" | "unavailable";
  database: "ok" | "error" | "unchecked";
}

const DATABASE_TIMEOUT_MS = 2_000;

export async function readiness(): Promise<Readiness> {
  const p = phase();
  if (p !== "ready") return { ready: false, status: p, database: "unchecked" };
  const answered = await within(
    rawQuery(Prisma.sql`SELECT 1`).then(
      () => true,
      () => false,
    ),
    DATABASE_TIMEOUT_MS,
    false,
  );
  return answered ? { ready: true, status: "ready", database: "ok" } : { ready: false, status: "unavailable", database: "error" };
}
