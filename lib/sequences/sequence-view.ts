// What the API shows of a sequence: its fields and steps, its enrolments counted by status, and
// (one sequence) its stats: exits by reason and, per step, its sends by outcome and what their
// messages' events say (delivered, opened and clicked at least once, bounced).
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma, type Sequence, type SequenceStep } from "@/lib/generated/prisma/client";
import { EXIT_REASONS, type ExitReason } from "@/lib/sequences/schemas";

export type SequenceRow = Sequence & { steps: SequenceStep[] };

export const withSteps = { steps: { orderBy: { position: "asc" as const } } };

const emptyCounts = () => ({ total: 0, active: 0, completed: 0, exited: 0, failed: 0 });
type Counts = ReturnType<typeof emptyCounts>;

async function countsOf(ids: string[]): Promise<Map<string, Counts>> {
  const groups = ids.length
    ? await db().sequenceEnrolment.groupBy({ by: ["sequenceId", "status"], where: { sequenceId: { in: ids } }, _count: { _all: true } })
    : [];
  const map = new Map(ids.map((id) => [id, emptyCounts()]));
  for (const g of groups) {
    const c = map.get(g.sequenceId)!;
    c.total += g._count._all;
    if (g.status in c) c[g.status as keyof Counts] += g._count._all;
  }
  return map;
}

const viewOf = (s: SequenceRow, enrolments: Counts) => ({
  id: s.id,
  name: s.name,
  status: s.status,
  triggerListId: s.triggerListId,
  senderId: s.senderId,
  useCaseId: s.useCaseId,
  steps: s.steps.map((st) => ({ id: st.id, position: st.position, delaySeconds: st.delaySeconds, templateId: st.templateId })),
  enrolments,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export async function viewsOf(rows: SequenceRow[]) {
  const counts = await countsOf(rows.map((r) => r.id));
  return rows.map((r) => viewOf(r, counts.get(r.id)!));
}

interface StepStatsRow {
  step_id: string;
  position: number;
  sent: number;
  failed: number;
  skipped: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
}

// Each step send has at most one message, and each message one contact: "opened" counts messages
// with at least one open (unique opens), likewise clicks.
const stepStats = (sequenceId: string) => Prisma.sql`
  SELECT st.id::text AS step_id, st.position,
         count(ss.id) FILTER (WHERE ss.status = 'sent')::int AS sent,
         count(ss.id) FILTER (WHERE ss.status = 'failed')::int AS failed,
         count(ss.id) FILTER (WHERE ss.status = 'skipped')::int AS skipped,
         count(ss.id) FILTER (WHERE ev.delivered)::int AS delivered,
         count(ss.id) FILTER (WHERE ev.opened)::int AS opened,
         count(ss.id) FILTER (WHERE ev.clicked)::int AS clicked,
         count(ss.id) FILTER (WHERE ev.bounced)::int AS bounced
    FROM sequence_steps st
    LEFT JOIN sequence_step_sends ss ON ss.step_id = st.id
    LEFT JOIN LATERAL (
      SELECT bool_or(e.type = 'email.delivered') AS delivered, bool_or(e.type = 'email.opened') AS opened,
             bool_or(e.type = 'email.clicked') AS clicked, bool_or(e.type = 'email.bounced') AS bounced
        FROM email_events e WHERE ss.message_id IS NOT NULL AND e.message_id = ss.message_id) ev ON true
   WHERE st.sequence_id = ${sequenceId}::uuid
   GROUP BY st.id, st.position
   ORDER BY st.position`;

async function statsOf(sequenceId: string) {
  const [steps, exitGroups] = await Promise.all([
    rawQuery<StepStatsRow>(stepStats(sequenceId)),
    db().sequenceEnrolment.groupBy({ by: ["exitReason"], where: { sequenceId, status: "exited" }, _count: { _all: true } }),
  ]);
  const exits = Object.fromEntries(EXIT_REASONS.map((r) => [r, 0])) as Record<ExitReason, number>;
  for (const g of exitGroups) if (g.exitReason && g.exitReason in exits) exits[g.exitReason as ExitReason] = g._count._all;
  return {
    exits,
    steps: steps.map((r) => ({
      stepId: r.step_id,
      position: Number(r.position),
      sent: Number(r.sent),
      failed: Number(r.failed),
      skipped: Number(r.skipped),
      delivered: Number(r.delivered),
      opened: Number(r.opened),
      clicked: Number(r.clicked),
      bounced: Number(r.bounced),
    })),
  };
}

export async function detailOf(row: SequenceRow) {
  const [[view], stats] = await Promise.all([viewsOf([row]), statsOf(row.id)]);
  return { ...view, stats };
}
