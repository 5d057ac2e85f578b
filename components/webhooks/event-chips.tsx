import { Badge } from "@/components/ui/badge";
import { isAllEvents } from "@/components/webhooks/event-types";

const SHOWN = 4;

/** The subscribed event types as chips, or one "All events" chip. */
export function EventChips({ events }: { events: string[] }) {
  if (isAllEvents(events)) {
    return (
      <div className="flex flex-wrap gap-1" aria-label="Events">
        <Badge tone="brand">All events</Badge>
      </div>
    );
  }
  const extra = events.length - SHOWN;
  return (
    <div className="flex flex-wrap gap-1" aria-label="Events">
      {events.slice(0, SHOWN).map((type) => (
        <Badge key={type}>{type}</Badge>
      ))}
      {extra > 0 && (
        <span title={events.slice(SHOWN).join(", ")}>
          <Badge>
            +{extra} more<span className="sr-only">: {events.slice(SHOWN).join(", ")}</span>
          </Badge>
        </span>
      )}
    </div>
  );
}
