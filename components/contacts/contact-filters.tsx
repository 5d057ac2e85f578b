"use client";

import { FILTER_OPS, type FilterOp } from "@/lib/contacts/schemas";
import type { ContactFilters as Filters, ContactPropertyDefinition } from "@/hooks/contacts";
import type { ContactList } from "@/hooks/lists";

const OP_LABELS: Record<FilterOp, string> = { eq: "is", gt: "more than", gte: "at least", lt: "less than", lte: "at most" };

interface ContactFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  properties: ContactPropertyDefinition[];
  lists: ContactList[];
}

/** Search (the caller debounces it), subscription, list membership and one property condition. */
export function ContactFilters({ filters, onChange, properties, lists }: ContactFiltersProps) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const property = properties.find((p) => p.key === filters.property.key);
  const ops = property && (property.type === "number" || property.type === "date") ? FILTER_OPS : (["eq"] as const);
  return (
    <search className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_12rem] dark:border-zinc-800 dark:bg-zinc-900">
      <div>
        <label htmlFor="contact-search" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="contact-search"
          type="search"
          className="input mt-1"
          placeholder="Email or name"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="contact-status-filter" className="block text-sm font-medium">
          Subscription
        </label>
        <select
          id="contact-status-filter"
          className="input mt-1"
          value={filters.subscriptionStatus}
          onChange={(e) => set({ subscriptionStatus: e.target.value as Filters["subscriptionStatus"] })}
        >
          <option value="">Any</option>
          <option value="subscribed">Subscribed</option>
          <option value="unsubscribed">Unsubscribed</option>
        </select>
      </div>
      <div>
        <label htmlFor="contact-list-filter" className="block text-sm font-medium">
          List
        </label>
        <select id="contact-list-filter" className="input mt-1" value={filters.listId} onChange={(e) => set({ listId: e.target.value })}>
          <option value="">Any list or none</option>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      {properties.length > 0 && (
        <fieldset className="grid grid-cols-1 gap-2 sm:col-span-2 sm:grid-cols-3 lg:col-span-3">
          <legend className="mb-1 text-sm font-medium">Property</legend>
          <select
            aria-label="Property"
            className="input"
            value={filters.property.key}
            onChange={(e) => set({ property: { key: e.target.value, op: "eq", value: "" } })}
          >
            <option value="">No property condition</option>
            {properties.map((p) => (
              <option key={p.key} value={p.key}>
                {p.key} ({p.type})
              </option>
            ))}
          </select>
          <select
            aria-label="Comparison"
            className="input"
            value={filters.property.op}
            disabled={!property}
            onChange={(e) => set({ property: { ...filters.property, op: e.target.value as FilterOp } })}
          >
            {ops.map((op) => (
              <option key={op} value={op}>
                {OP_LABELS[op]}
              </option>
            ))}
          </select>
          {property?.type === "boolean" ? (
            <select
              aria-label="Value"
              className="input"
              value={filters.property.value}
              onChange={(e) => set({ property: { ...filters.property, value: e.target.value } })}
            >
              <option value="">Choose</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </select>
          ) : (
            <input
              aria-label="Value"
              className="input"
              type={property?.type === "date" ? "date" : "text"}
              disabled={!property}
              value={filters.property.value}
              onChange={(e) => set({ property: { ...filters.property, value: e.target.value } })}
            />
          )}
        </fieldset>
      )}
    </search>
  );
}
