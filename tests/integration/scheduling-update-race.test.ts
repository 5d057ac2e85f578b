// A change to a scheduled email racing its due time (PATCH /api/v1/email/scheduled/{id} against
// the runners of both app servers): each email is sent exactly once, in the version the change's
// answer implies: 200, the changed one (at its new time when it moved); 409, the one before.
import { describe, expect, it } from "vitest";
import { done, inMs, messagesOf, patch, rowOf, schedule, sendingOrg, sleep } from "../helpers/scheduling";
import { db } from "@/lib/db/client";
import { sendScheduledJob } from "@/lib/scheduling/send-scheduled-job";

describe("a change racing the due time", () => {
  it("sends each email exactly once, in the version the change's answer implies (200: the new one, 409: the old one)", async () => {
    const { org, key } = await sendingOrg();
    const at = Date.now() + 4_000;
    const N = 30;
    const ids: string[] = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        schedule(key, { subject: `Race old ${i}`, text: `old ${i}`, scheduledAt: new Date(at).toISOString() }).then((r) => r.body.data.id),
      ),
    );
    // The first change lands well before the time and the last well after; the rest around it.
    // Every other one also moves the send 3 s on, so the job it replaces may be running.
    const offset = (i: number) => (i === 0 ? -1_500 : i === N - 1 ? 3_000 : -500 + (i - 1) * 28);
    const answers = await Promise.all(
      ids.map((id, i) =>
        sleep(at + offset(i) - Date.now()).then(() =>
          patch(key, id, { subject: `Race new ${i}`, text: `new ${i}`, ...(i % 2 ? { scheduledAt: inMs(3_000) } : {}) }),
        ),
      ),
    );
    for (const id of ids) expect((await done(id)).status).toBe("sent");
    const subjects = Array.from({ length: N }, (_, i) => [`Race old ${i}`, `Race new ${i}`]).flat();
    const messages = await messagesOf(org.org.id, subjects);
    for (const [i, id] of ids.entries()) {
      const answer = answers[i];
      expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      const version = answer.status === 200 ? "new" : "old";
      const row = await rowOf(id);
      const mine = messages.filter((m) => m.subject.endsWith(` ${i}`));
      expect(
        mine.map((m) => [m.id, m.subject, m.text]),
        `email ${i}`,
      ).toEqual([[row.messageId, `Race ${version} ${i}`, `${version} ${i}`]]);
      if (answer.status === 200) expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(answer.body.data.scheduledFor));
    }
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 409]));
  }, 60_000);
});

describe("the job a change replaced", () => {
  it("finds the email not its own even when it runs after the change; the email's own job sends the new version", async () => {
    const { org, key } = await sendingOrg();
    const waiting = (await schedule(key, { subject: "Replaced job", text: "old", scheduledAt: inMs(3_600_000) })).body.data;
    const first = await db().job.findUniqueOrThrow({ where: { dedupeKey: `scheduled:${waiting.id}` } });
    expect((await patch(key, waiting.id, { subject: "Own job", text: "new" })).status).toBe(200);
    const row = await rowOf(waiting.id);
    expect(row.jobId).not.toBeNull();
    expect(row.jobId).not.toBe(first.id);
    expect((await db().job.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("cancelled");

    // As if the first job had been claimed just before the change and reached the email after it.
    await sendScheduledJob.run({ scheduledEmailId: waiting.id }, { jobId: first.id, attempt: 1 });
    expect(await rowOf(waiting.id)).toEqual(row);
    expect(await messagesOf(org.org.id, ["Replaced job", "Own job"])).toEqual([]);

    await sendScheduledJob.run({ scheduledEmailId: waiting.id }, { jobId: row.jobId!, attempt: 1 });
    const sent = await rowOf(waiting.id);
    expect(sent.status).toBe("sent");
    const messages = await messagesOf(org.org.id, ["Replaced job", "Own job"]);
    expect(messages.map((m) => [m.id, m.subject, m.text])).toEqual([[sent.messageId, "Own job", "new"]]);
  });
});
