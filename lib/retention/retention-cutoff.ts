// The moment before which data kept `days` days may go; null when 0 days means "keep forever".
const DAY_MS = 86_400_000;

export function retentionCutoff(days: number, now: number): Date | null {
  return days > 0 ? new Date(now - days * DAY_MS) : null;
}
