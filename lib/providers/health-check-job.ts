import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/jobs/define-job";
import { testProvider } from "@/lib/providers/test-provider";

/** Every minute: re-test active providers marked unhealthy, bringing back the ones that pass. */
export const providerHealthCheckJob = defineJob({
  name: "providers.health-check",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  async run() {
    const unhealthy = await db().provider.findMany({ where: { isActive: true, isHealthy: false, status: "active" }, take: 200 });
    for (const row of unhealthy) await testProvider(row);
  },
});
