"use client";

import { SUPPRESSION_REASONS, type SuppressionReason } from "@/lib/suppressions/schemas";
import { REASON_LABELS } from "@/components/suppressions/reason-labels";

interface SuppressionFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  reason: SuppressionReason | "";
  onReasonChange: (reason: SuppressionReason | "") => void;
}

/** Search by part of the address (the caller debounces it) and a reason filter. */
export function SuppressionFilters({ search, onSearchChange, reason, onReasonChange }: SuppressionFiltersProps) {
  return (
    <search className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_12rem] dark:border-zinc-800 dark:bg-zinc-900">
      <div>
        <label htmlFor="suppression-search" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="suppression-search"
          type="search"
          className="input mt-1"
          placeholder="Address or domain"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          aria-describedby="suppression-search-hint"
        />
        <p id="suppression-search-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Part of an address, like “@example.com”; upper or lower case alike.
        </p>
      </div>
      <div>
        <label htmlFor="suppression-reason" className="block text-sm font-medium">
          Reason
        </label>
        <select
          id="suppression-reason"
          className="input mt-1"
          value={reason}
          onChange={(e) => onReasonChange(e.target.value as SuppressionReason | "")}
        >
          <option value="">Any reason</option>
          {SUPPRESSION_REASONS.map((r) => (
            <option key={r} value={r}>
              {REASON_LABELS[r].label}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
