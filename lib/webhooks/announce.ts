// How new or re-scheduled delivery rows are announced: to Inngest when it is configured (an
// event per delivery, wired at start-up), otherwise by waking this process's delivery
// runner. The rows are already committed: a lost announcement only waits for the next poll.
type Announcer = (deliveryIds: string[]) => Promise<void>;

const holder = globalThis as unknown as { __mailroomDeliveryAnnouncer?: Announcer; __mailroomDeliveryWake?: () => void };

export function setDeliveryAnnouncer(announcer: Announcer | undefined) {
  holder.__mailroomDeliveryAnnouncer = announcer;
}

export function setDeliveryWake(wake: (() => void) | undefined) {
  holder.__mailroomDeliveryWake = wake;
}

export async function announceDeliveries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (holder.__mailroomDeliveryAnnouncer) return holder.__mailroomDeliveryAnnouncer(ids);
  holder.__mailroomDeliveryWake?.();
}
