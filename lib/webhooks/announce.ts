// New or re-scheduled delivery rows are announced through the one announcer (lib/jobs/announce.ts)
// on the delivery lane (delivery-lane.ts): to Inngest when it runs durable work, else by waking
// this process's runner. Never throws: the rows are committed, and the sweep announces overdue ones again.
import { announce } from "@/lib/jobs/announce";

export const DELIVERY_LANE = "webhook";

export const announceDeliveries = (ids: string[]): Promise<void> =>
  announce(
    DELIVERY_LANE,
    ids.map((id) => ({ id })),
  );
