// How new or re-scheduled delivery rows are announced: to Inngest when it is configured (an
// event per delivery, wired at start-up), otherwise by waking this process's delivery
// runner. The rows are already committed: a lost announcement waits for the next poll, or
// (with Inngest) for the delivery sweep (sweep-deliveries.ts).
import { log } from "@/lib/log";
type Announcer = (deliveryIds: string[]) => Promise<void>;

const holder = globalThis as unknown as { __mailroomDeliveryAnnouncer?: Announcer; __mailroomDeliveryWake?: () => void };

export function setDeliveryAnnouncer(announcer: Announcer | undefined) {
  holder.__mailroomDeliveryAnnouncer = announcer;
}

export function setDeliveryWake(wake: (() => void) | undefined) {
  holder.__mailroomDeliveryWake = wake;
}

const CHUNK = 500; // ids per announcement: one event must stay well under Inngest's size limit

/** Never throws: the rows are committed, and the delivery sweep announces them again if this fails. */
export async function announceDeliveries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const announcer = holder.__mailroomDeliveryAnnouncer;
  if (!announcer) return void holder.__mailroomDeliveryWake?.();
  for (let i = 0; i < ids.length; i += CHUNK) {
    await announcer(ids.slice(i, i + CHUNK)).catch((err) => log.error("delivery announcement failed; the sweep will retry", { err, count: ids.length }));
  }
}
