// Moving a provider one place up or down in the failover order, as priority updates.

const STEP = 10;
const MAX_PRIORITY = 10_000;

interface Ranked {
  id: string;
  priority: number;
}

/**
 * The PUTs that move `list[index]` one place in `direction` (list in server order). Two
 * distinct priorities held by no one else are swapped; otherwise (ties, which the server
 * breaks by age, and the default of 100 for every provider is one) the new order is
 * renumbered 10, 20, 30… and only the providers whose priority changes are sent.
 */
export function priorityChanges(list: Ranked[], index: number, direction: -1 | 1): Ranked[] {
  const other = index + direction;
  if (other < 0 || other >= list.length) return [];
  const a = list[index];
  const b = list[other];
  const shared = (p: number) => list.filter((x) => x.priority === p).length > 1;
  if (a.priority !== b.priority && !shared(a.priority) && !shared(b.priority)) {
    return [
      { id: a.id, priority: b.priority },
      { id: b.id, priority: a.priority },
    ];
  }
  const order = [...list];
  [order[index], order[other]] = [order[other], order[index]];
  const step = Math.max(1, Math.min(STEP, Math.floor(MAX_PRIORITY / order.length)));
  return order.map((p, i) => ({ id: p.id, priority: (i + 1) * step })).filter((p, i) => p.priority !== order[i].priority);
}

/** A priority that puts a new provider after every existing one. */
export function nextPriority(list: Ranked[]): number {
  const last = list.reduce((max, p) => Math.max(max, p.priority), 0);
  return Math.min(MAX_PRIORITY, last + STEP);
}
