// The Inngest side of durable work: the serve route registers exactly the jobs lib/ knows,
// and a job function drives a row through lib/ (tested with @inngest/test, no server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { NextRequest } from "next/server";
import { InngestTestEngine } from "@inngest/test";
import { db } from "@/lib/db/client";
import { jobRegistry, type JobRegistry } from "@/lib/jobs/registry";
import { defineJob, type JobDefinition } from "@/lib/jobs/define-job";
import { insertJob } from "@/lib/jobs/job-store";

const saved = { ...process.env };
beforeAll(() => {
  process.env.INNGEST_DEV = "1";
});
afterAll(() => {
  process.env = saved;
});

describe("Inngest serve route", () => {
  it("in-band sync lists one function per registered job, with the triggers lib/ expects", async () => {
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    const route = await import("@/app/api/inngest/route");
    const { functionId } = await import("@/inngest/functions");
    const { jobEventName } = await import("@/inngest/client");
    const url = "http://127.0.0.1:3000/api/inngest";
    const res = await route.PUT(
      new NextRequest(url, {
        method: "PUT",
        headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band" },
        body: JSON.stringify({ url }),
      }),
      undefined as never,
    );
    const body = (await res.json()) as { functions: { id: string; triggers: { event?: string; cron?: string }[] }[] };
    const served = body.functions.map((f) => ({ id: f.id.replace(/^mailroom-/, ""), trigger: f.triggers[0] }));
    const expected = [...jobRegistry.values()].map((def) => ({
      id: functionId(def.name),
      trigger: def.recurEverySeconds ? { cron: expect.any(String) } : { event: jobEventName(def.name) },
    }));
    expect(served).toEqual(expected);
    expect(served.length).toBeGreaterThan(0);
  });
});

describe("Inngest job function", () => {
  it("waits until the row is due, runs it in a step and records the outcome", async () => {
    const { buildFunctions } = await import("@/inngest/functions");
    const seen: string[] = [];
    const def = defineJob({
      name: "test.inngest-run",
      payload: z.object({ word: z.string() }),
      maxAttempts: 3,
      async run({ word }) {
        seen.push(word);
      },
    });
    const registry: JobRegistry = new Map([[def.name, def as JobDefinition<never>]]);
    // Due in an hour, so the app servers' embedded runners leave it alone.
    const runAt = new Date(Date.now() + 3_600_000);
    const jobId = (await insertJob(db(), { name: def.name, payload: { word: "hello" }, runAt, maxAttempts: 3 }))!;
    const [fn] = buildFunctions(registry);
    const engine = new InngestTestEngine({
      function: fn,
      events: [{ name: "mailroom/job.test.inngest-run", data: { jobId, runAt: runAt.toISOString() } }],
      steps: [{ id: "wait-until-due", handler: () => undefined }],
    });
    const { result } = await engine.execute();
    expect(result).toEqual({ status: "done" });
    expect(seen).toEqual(["hello"]);
    expect((await db().job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("done");
    // Running the same step again (an Inngest retry) does nothing: the row is no longer queued.
    const again = await new InngestTestEngine({
      function: fn,
      events: [{ name: "mailroom/job.test.inngest-run", data: { jobId, runAt: runAt.toISOString() } }],
      steps: [{ id: "wait-until-due", handler: () => undefined }],
    }).execute();
    expect(again.result).toEqual({ status: "skipped" });
    expect(seen).toEqual(["hello"]);
  });
});
