// Scheduled sends through v1: schedule one, change it, and read what the runner did with it.
import { call } from "./http";
import { until } from "./until";
import { createKey, newOrg } from "./factory";
import { productionMode } from "./sending";
import { db } from "@/lib/db/client";

/** A new organization in production mode and a key of it that may send. */
export async function sendingOrg() {
  const org = await newOrg();
  await productionMode(org.org.id);
  return { org, key: (await createKey(org.cookie, ["email:send"])).key };
}

export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** POST /api/v1/email/send to r@example.test, text "x", unless the body says otherwise. */
export const schedule = (key: string, body: Record<string, unknown>) =>
  call("/api/v1/email/send", { key, body: { to: "r@example.test", text: "x", ...body } });

export const patch = (key: string, id: string, body: unknown, headers?: Record<string, string>) =>
  call(`/api/v1/email/scheduled/${id}`, { key, method: "PATCH", body, headers });

export const rowOf = (id: string) => db().scheduledEmail.findUniqueOrThrow({ where: { id } });

/** The row once sent or failed (or as it is after 20 s). */
export const done = (id: string) =>
  until(
    () => rowOf(id),
    (r) => ["sent", "failed"].includes(r.status),
    { timeoutMs: 20_000 },
  );

export const messagesOf = (orgId: string, subjects: string[]) => db().message.findMany({ where: { orgId, subject: { in: subjects } } });
