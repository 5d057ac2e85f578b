// The runner boot starts when Inngest is not configured: the jobs lane over every registered
// job, and every other lane (lanes.ts), on this process's database.
import { db } from "@/lib/db/client";
import { jobRegistry } from "@/lib/jobs/registry";
import { batchLanes } from "@/lib/jobs/lanes";
import { jobsLane } from "@/lib/jobs/jobs-lane";
import { Runner } from "@/lib/jobs/runner";

export const embeddedRunner = ({ pollMs }: { pollMs: number }) =>
  new Runner({ pollMs, lanes: [jobsLane({ client: db(), registry: jobRegistry }), ...batchLanes] });
