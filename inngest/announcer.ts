// The one announcer on Inngest (installed at start-up when Inngest is configured): a job row is
// an event for its job's function, a batch of another lane's items one event for its fan-out.
import { inngest, jobEventName, laneEventNames } from "@/inngest/client";
import { JOBS_LANE, type Announcer } from "@/lib/jobs/announce";
import { batchLanes } from "@/lib/jobs/lanes";

export const inngestAnnouncer: Announcer = async (lane, items) => {
  if (lane === JOBS_LANE) {
    await inngest.send(
      items.map((j) => ({ name: jobEventName(j.name!), data: { jobId: j.id, runAt: (j.runAt ?? new Date()).toISOString() } })),
    );
    return;
  }
  const spec = batchLanes.find((l) => l.name === lane);
  if (!spec) throw new Error(`Unknown lane ${lane}`);
  const { item } = spec.inngest;
  await inngest.send({ name: laneEventNames(lane, item).fanOut, data: { [`${item}Ids`]: items.map((i) => i.id) } });
};
