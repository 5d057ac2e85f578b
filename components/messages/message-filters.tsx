"use client";

import { MESSAGE_STATUSES, type MessageStatus } from "@/lib/queries/messages";

export interface MessageFilterValues {
  search: string;
  status: MessageStatus | "";
  page: number;
}

/**
 * The filters kept in the address (?q=&status=&page=), so Back from a message returns to the
 * same search. Anything the API would refuse is dropped rather than shown as an error.
 */
export function filtersFromAddress(params: URLSearchParams): MessageFilterValues {
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  return {
    search: (params.get("q") ?? "").slice(0, 200),
    status: MESSAGE_STATUSES.includes(status as MessageStatus) ? (status as MessageStatus) : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function filtersToAddress({ search, status, page }: MessageFilterValues): string {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : window.location.pathname;
}

interface MessageFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  status: MessageStatus | "";
  onStatusChange: (status: MessageStatus | "") => void;
}

/** Search by recipient or subject (the caller debounces it) and a status filter. */
export function MessageFilters({ search, onSearchChange, status, onStatusChange }: MessageFiltersProps) {
  return (
    <search className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_12rem] dark:border-zinc-800 dark:bg-zinc-900">
      <div>
        <label htmlFor="message-search" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="message-search"
          type="search"
          className="input mt-1"
          placeholder="Recipient or subject"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          aria-describedby="message-search-hint"
        />
        <p id="message-search-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Part of an address in to, cc or bcc, or of the subject.
        </p>
      </div>
      <div>
        <label htmlFor="message-status" className="block text-sm font-medium">
          Status
        </label>
        <select id="message-status" className="input mt-1" value={status} onChange={(e) => onStatusChange(e.target.value as MessageStatus | "")}>
          <option value="">Any status</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.charAt(0).toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
