// Create, read, update and delete an organization's sequences. Another organization's sequence
// is "not found"; every change is audited. Steps are replaced by position: a step keeps its id
// (and its sends and stats) when its position stays, so enrolments go on at their next step with
// whatever that step now is; steps past the new end are deleted with their sends. Resuming a
// paused sequence schedules every active enrolment's next step again (due ones at once).
// Changing what contacts already enrolled (or joining its trigger list) will be sent (its steps,
// sender or use case), or resuming it, is sending to them: checked as enrolling them was
// (assertMayChangeEnrolledMail).
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { Prisma } from "@/lib/generated/prisma/client";
import { checkReferences } from "@/lib/sequences/check-references";
import { detailOf, viewsOf, withSteps } from "@/lib/sequences/sequence-view";
import { scheduleSteps, stepJobExists, type Announce } from "@/lib/sequences/step-schedule";
import { sequenceStepJob } from "@/lib/sequences/step-job";
import { cancelJobs } from "@/lib/jobs/manage-jobs";
import { assertMayChangeWaitingMail } from "@/lib/safety/queued-mail";
import type { CreateSequenceInput, ListSequencesQuery, UpdateSequenceInput } from "@/lib/sequences/schemas";

type Step = CreateSequenceInput["steps"][number];

const nameTaken = (name: string) => new AppError("CONFLICT", `A sequence named "${name}" already exists`);

const audit = (
  principal: Principal,
  action: string,
  s: { id: string; name: string },
  tx: Prisma.TransactionClient,
  metadata: Prisma.InputJsonObject = {},
) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "sequence",
      targetId: s.id,
      metadata: { name: s.name, ...metadata },
    },
    tx,
  );

export async function listSequences({
  orgId,
  status,
  skip,
  take,
}: {
  orgId: string;
  status?: ListSequencesQuery["status"];
  skip: number;
  take: number;
}) {
  const where = { orgId, ...(status ? { status } : {}) };
  const [rows, total] = await Promise.all([
    db().sequence.findMany({ where, include: withSteps, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().sequence.count({ where }),
  ]);
  return { items: await viewsOf(rows), total };
}

async function getRowOrThrow({ orgId, id }: { orgId: string; id: string }) {
  const row = await db().sequence.findFirst({ where: { id, orgId }, include: withSteps });
  if (!row) throw notFound("Sequence");
  return row;
}

export async function getSequenceOrThrow({ orgId, id }: { orgId: string; id: string }) {
  return detailOf(await getRowOrThrow({ orgId, id }));
}

export async function createSequence({ principal, input }: { principal: Principal; input: CreateSequenceInput }) {
  await checkReferences(principal.orgId, { ...input, templateIds: input.steps.map((s) => s.templateId) });
  try {
    const created = await db().$transaction(async (tx) => {
      const { steps, ...fields } = input;
      const row = await tx.sequence.create({
        data: { orgId: principal.orgId, ...fields, steps: { create: steps.map((s, position) => ({ position, ...s })) } },
        include: withSteps,
      });
      await audit(principal, "sequence.created", row, tx, { status: row.status, steps: steps.length });
      return row;
    });
    return detailOf(created);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

async function replaceSteps(tx: Prisma.TransactionClient, sequenceId: string, steps: Step[]) {
  const byPosition = new Map((await tx.sequenceStep.findMany({ where: { sequenceId } })).map((s) => [s.position, s]));
  for (const [position, step] of steps.entries()) {
    const old = byPosition.get(position);
    if (!old) await tx.sequenceStep.create({ data: { sequenceId, position, ...step } });
    else if (old.delaySeconds !== step.delaySeconds || old.templateId !== step.templateId)
      await tx.sequenceStep.update({ where: { id: old.id }, data: step });
  }
  await tx.sequenceStep.deleteMany({ where: { sequenceId, position: { gte: steps.length } } });
}

/**
 * Every active enrolment's next step again, at its time or now if that has passed (a new key:
 * the first row ran while paused). Not for a step whose job is still queued for later than a
 * minute from now: that job runs after this commits and finds the sequence active. A job due
 * sooner may have read "paused" already, so it gets a twin (the step still goes out once).
 */
async function rescheduleActive(tx: Prisma.TransactionClient, sequenceId: string): Promise<Announce> {
  const waiting = await tx.$queryRaw<{ id: string; next_step: number; next_run_at: Date | null }[]>`
    SELECT e.id::text, e.next_step, e.next_run_at FROM sequence_enrolments e
     WHERE e.sequence_id = ${sequenceId}::uuid AND e.status = 'active'
       AND NOT ${stepJobExists(Prisma.sql`j.status = 'queued' AND j.run_at > now() + interval '1 minute'`)}`;
  const now = Date.now();
  return scheduleSteps(
    tx,
    waiting.map((e) => ({
      enrolmentId: e.id,
      position: Number(e.next_step),
      runAt: new Date(Math.max(now, e.next_run_at ? new Date(e.next_run_at).getTime() : now)),
      again: `resume-${now}`,
    })),
  );
}

/** A change of what its enrolled contacts (or, while it is active with a trigger list, whoever
 * joins that list) will be sent, or a resume, is sending to them (lib/safety/queued-mail.ts). */
async function assertMayChangeEnrolledMail(
  principal: Principal,
  existing: { id: string; name: string; status: string; triggerListId: string | null },
  input: UpdateSequenceInput,
  resumed: boolean,
) {
  const changesMail = resumed || input.steps !== undefined || input.senderId !== undefined || input.useCaseId !== undefined;
  if (!changesMail) return;
  const status = input.status ?? existing.status;
  const triggerListId = input.triggerListId !== undefined ? input.triggerListId : existing.triggerListId;
  const audience = await db().sequenceEnrolment.count({ where: { sequenceId: existing.id, status: "active" } });
  await assertMayChangeWaitingMail(principal, { audience, live: status === "active" && triggerListId !== null }, "sequence.updated", {
    targetType: "sequence",
    targetId: existing.id,
    metadata: { name: existing.name },
  });
}

export async function updateSequence({ principal, id, input }: { principal: Principal; id: string; input: UpdateSequenceInput }) {
  const existing = await getRowOrThrow({ orgId: principal.orgId, id });
  await checkReferences(principal.orgId, { ...input, templateIds: input.steps?.map((s) => s.templateId) });
  const resumed = input.status === "active" && existing.status === "paused";
  await assertMayChangeEnrolledMail(principal, existing, input, resumed);
  try {
    const announce = await db().$transaction(async (tx) => {
      const { steps, ...fields } = input;
      const { count } = await tx.sequence.updateMany({ where: { id, orgId: principal.orgId }, data: { ...fields, updatedAt: new Date() } });
      if (count === 0) throw notFound("Sequence"); // deleted meanwhile
      if (steps) await replaceSteps(tx, id, steps);
      await audit(principal, "sequence.updated", { id, name: input.name ?? existing.name }, tx, {
        changes: Object.keys(input),
        ...(input.status !== undefined && input.status !== existing.status ? { status: input.status } : {}),
        ...(input.name !== undefined && input.name !== existing.name ? { previousName: existing.name } : {}),
      });
      return resumed ? rescheduleActive(tx, id) : null;
    });
    await announce?.();
  } catch (err) {
    if (isUniqueViolation(err) && input.name !== undefined) throw nameTaken(input.name);
    throw err;
  }
  return getSequenceOrThrow({ orgId: principal.orgId, id });
}

/** Deletes it with its steps, enrolments and step sends, and cancels its queued step jobs (one running finds nothing and ends). Messages sent stay. */
export async function deleteSequence({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getRowOrThrow({ orgId: principal.orgId, id });
  await db().$transaction(async (tx) => {
    const enrolments = Prisma.sql`SELECT e.id::text FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id
      WHERE s.id = ${id}::uuid AND s.org_id = ${principal.orgId}::uuid`;
    await cancelJobs(sequenceStepJob, { enrolmentId: { in: enrolments } }, { tx });
    const { count } = await tx.sequence.deleteMany({ where: { id, orgId: principal.orgId } });
    if (count === 0) throw notFound("Sequence");
    await audit(principal, "sequence.deleted", existing, tx);
  });
  return { id, deleted: true as const };
}
