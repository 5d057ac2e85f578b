// The queue's port on a database of its own: enqueueMany inside a caller's transaction (its
// rows come and go with it, and are announced only after it), enqueueSql inside a caller's
// single statement, jobsOf reading a job's own rows by payload field, cancelJobs and requeueJobs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueue, enqueueMany } from "@/lib/jobs/enqueue";
import { enqueueSql, jobRow, jobsOf } from "@/lib/jobs/job-sql";
import { cancelJobs, requeueJobs } from "@/lib/jobs/manage-jobs";
import { setWake } from "@/lib/jobs/announce";
import { withOwnDatabase } from "../helpers/own-database";

withOwnDatabase("mailroom_jobs_port");
const woken: string[] = [];
beforeAll(() => setWake((lane) => woken.push(lane)));
afterAll(() => setWake(undefined));

const stepJob = defineJob({
  name: "test.step",
  payload: z.object({ enrolmentId: z.string(), position: z.number().int() }),
  maxAttempts: 3,
  async run() {},
});

const rowsOf = (enrolmentId: string) =>
  db().job.findMany({ where: { name: stepJob.name, dedupeKey: { startsWith: `${enrolmentId}:` } }, orderBy: { dedupeKey: "asc" } });

describe("the queue's port", () => {
  it("enqueueMany inserts in the caller's transaction, skips known dedupe keys, and announces only when told after commit", async () => {
    const items = [0, 1, 2].map((position) => ({ payload: { enrolmentId: "e1", position }, dedupeKey: `e1:${position}` }));
    // Rolled back with the transaction: no rows, nothing announced.
    await expect(
      db().$transaction(async (tx) => {
        await enqueueMany(stepJob, items, { tx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await rowsOf("e1")).toEqual([]);
    woken.length = 0;
    const { jobs, dispatch } = await db().$transaction((tx) => enqueueMany(stepJob, items, { tx }));
    expect(jobs).toHaveLength(3);
    expect(woken).toEqual([]);
    await dispatch();
    expect(woken).toEqual(["jobs"]);
    // The same keys again, and a new one: only the new one is inserted.
    const again = await enqueueMany(stepJob, [...items, { payload: { enrolmentId: "e1", position: 3 }, dedupeKey: "e1:3" }]);
    expect(again.jobs).toHaveLength(1);
    expect((await rowsOf("e1")).map((j) => [j.payload, j.status, j.maxAttempts])).toEqual(
      [0, 1, 2, 3].map((position) => [{ enrolmentId: "e1", position }, "queued", 3]),
    );
    // A payload that does not fit the job's schema is refused before any row is written.
    await expect(enqueue(stepJob, { enrolmentId: "e1", position: "x" } as never)).rejects.toThrow();
  });

  it("enqueueSql inserts a job within the caller's one statement, only when its condition holds; the text never changes", async () => {
    const statement = (go: boolean, row: ReturnType<typeof jobRow> | null) =>
      Prisma.sql`WITH done AS (SELECT 1 WHERE ${go}::boolean), queued AS (${enqueueSql(row, { when: Prisma.sql`EXISTS (SELECT 1 FROM done)` })})
        SELECT (SELECT id::text FROM queued) AS id`;
    const row = jobRow(stepJob, { enrolmentId: "e2", position: 0 }, { dedupeKey: "e2:0", runAt: new Date(Date.now() + 60_000) });
    const texts = new Set([statement(true, row).text, statement(false, row).text, statement(true, null).text]);
    expect(texts.size).toBe(1);
    expect((await rawQuery<{ id: string | null }>(statement(false, row)))[0].id).toBeNull();
    expect((await rawQuery<{ id: string | null }>(statement(true, null)))[0].id).toBeNull();
    const [{ id }] = await rawQuery<{ id: string | null }>(statement(true, row));
    expect(id).toEqual(expect.any(String));
    expect((await rawQuery<{ id: string | null }>(statement(true, row)))[0].id).toBeNull(); // its dedupe key exists
    expect(await db().job.findUniqueOrThrow({ where: { id: id! } })).toMatchObject({
      status: "queued",
      payload: { enrolmentId: "e2", position: 0 },
      runAt: row.runAt,
    });
  });

  it("jobsOf reads a job's rows by payload field; cancelJobs cancels only the queued ones it matches", async () => {
    await enqueueMany(stepJob, [
      { payload: { enrolmentId: "e3", position: 0 }, dedupeKey: "e3:0" },
      { payload: { enrolmentId: "e3", position: 1 }, dedupeKey: "e3:1" },
      { payload: { enrolmentId: "e4", position: 0 }, dedupeKey: "e4:0" },
    ]);
    await db().job.update({ where: { dedupeKey: "e3:1" }, data: { status: "running", lockedAt: new Date(), lockedBy: "someone" } });
    const rows = await rawQuery<{ enrolmentId: string; position: string; status: string }>(
      Prisma.sql`SELECT j."enrolmentId", j.position, j.status FROM ${jobsOf(stepJob, { fields: ["enrolmentId", "position"], where: { enrolmentId: { in: Prisma.sql`SELECT 'e3'` } } })} j ORDER BY j.position`,
    );
    expect(rows).toEqual([
      { enrolmentId: "e3", position: "0", status: "queued" },
      { enrolmentId: "e3", position: "1", status: "running" },
    ]);
    const cancelled = await cancelJobs(stepJob, { enrolmentId: Prisma.sql`'e3'` });
    expect(cancelled).toHaveLength(1);
    expect((await rowsOf("e3")).map((j) => [j.dedupeKey, j.status, j.finishedAt !== null])).toEqual([
      ["e3:0", "cancelled", true],
      ["e3:1", "running", false],
    ]);
    expect((await rowsOf("e4")).map((j) => j.status)).toEqual(["queued"]);
  });

  it("requeueJobs queues running jobs again whose claim went stale, not those still alive, and announces them", async () => {
    await enqueueMany(stepJob, [
      { payload: { enrolmentId: "e5", position: 0 }, dedupeKey: "e5:0" },
      { payload: { enrolmentId: "e5", position: 1 }, dedupeKey: "e5:1" },
    ]);
    const [dead, alive] = await rowsOf("e5");
    await db().job.update({
      where: { id: dead.id },
      data: { status: "running", attempts: 1, lockedBy: "dead", lockedAt: new Date(Date.now() - 120_000) },
    });
    await db().job.update({ where: { id: alive.id }, data: { status: "running", attempts: 1, lockedBy: "alive", lockedAt: new Date() } });
    woken.length = 0;
    expect(await requeueJobs([dead.id, alive.id], { idleSeconds: 30 })).toEqual([dead.id]);
    expect(woken).toEqual(["jobs"]);
    expect((await rowsOf("e5")).map((j) => [j.status, j.lockedBy, j.attempts])).toEqual([
      ["queued", null, 1],
      ["running", "alive", 1],
    ]);
  });
});
