"use client";

import { ALL_EVENTS, EVENT_GROUPS } from "@/components/webhooks/event-types";

interface EventsPickerProps {
  /** ["*"] for every event, otherwise the chosen types. */
  value: string[];
  onChange: (events: string[]) => void;
  error?: string;
}

/** "All events" or a choice of event types as checkboxes, grouped like SPEC's list. */
export function EventsPicker({ value, onChange, error }: EventsPickerProps) {
  const all = value.includes(ALL_EVENTS);

  function toggle(type: string, checked: boolean) {
    onChange(checked ? [...value, type] : value.filter((t) => t !== type));
  }

  return (
    <fieldset aria-describedby={error ? "webhook-events-error" : undefined}>
      <legend className="text-sm font-medium">Events</legend>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Which events Mailroom sends to this URL.</p>

      <label className="mt-3 flex items-start gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-600"
          checked={all}
          onChange={(e) => onChange(e.target.checked ? [ALL_EVENTS] : [])}
        />
        <span>
          <span className="font-medium">All events</span>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">Every event type, including ones added later.</span>
        </span>
      </label>

      <div className="mt-3 max-h-72 space-y-3 overflow-y-auto rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
        {EVENT_GROUPS.map((group) => (
          <fieldset key={group.label} disabled={all}>
            <legend className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{group.label}</legend>
            {group.note && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{group.note}</p>}
            <div className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
              {group.types.map(({ type, meaning }) => (
                <label key={type} className={`flex items-start gap-2 text-sm ${all ? "opacity-60" : ""}`}>
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    checked={all || value.includes(type)}
                    onChange={(e) => toggle(type, e.target.checked)}
                  />
                  <span className="min-w-0">
                    <code className="font-mono text-xs">{type}</code>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">{meaning}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      {error && (
        <p id="webhook-events-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
