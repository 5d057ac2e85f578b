"use client";

import { MESSAGE_STATUSES, type MessageStatus } from "@/hooks/messages";
import { statusLabel } from "@/components/messages/message-status";

export interface MessageFilterValues {
  search: string;
  status: MessageStatus | "";
  provider: string;
  /** YYYY-MM-DD, both days included. */
  fromDay: string;
  toDay: string;
  /** name:value */
  tag: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TAG = /^[A-Za-z0-9_-]{1,256}:[A-Za-z0-9_-]{1,256}$/;

/**
 * The filters kept in the address (?q=&status=&provider=&from=&to=&tag=&page=), so Back from a
 * message returns to the same search. Anything the API would refuse is dropped rather than shown as an error.
 */
export function filtersFromAddress(params: URLSearchParams): MessageFilterValues {
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  const day = (name: string) => (DAY.test(params.get(name) ?? "") ? params.get(name)! : "");
  return {
    search: (params.get("q") ?? "").slice(0, 200),
    status: MESSAGE_STATUSES.includes(status as MessageStatus) ? (status as MessageStatus) : "",
    provider: (params.get("provider") ?? "").slice(0, 200),
    fromDay: day("from"),
    toDay: day("to"),
    tag: TAG.test(params.get("tag") ?? "") ? params.get("tag")! : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address's query for these filters ("?…"), or "" for none. */
export function filtersToAddress(f: MessageFilterValues): string {
  const params = new URLSearchParams();
  if (f.search) params.set("q", f.search);
  if (f.status) params.set("status", f.status);
  if (f.provider) params.set("provider", f.provider);
  if (f.fromDay) params.set("from", f.fromDay);
  if (f.toDay) params.set("to", f.toDay);
  if (f.tag) params.set("tag", f.tag);
  if (f.page > 1) params.set("page", String(f.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Whether a tag filter is one the API takes (blank is none). */
export const tagFilterValid = (tag: string) => !tag.trim() || TAG.test(tag.trim());

export type Filters = Omit<MessageFilterValues, "page">;

interface MessageFiltersProps {
  values: Filters;
  onChange: (change: Partial<Filters>) => void;
}

/** Search by recipient, subject or id (the caller debounces text), and filters by status, provider, days and tag. */
export function MessageFilters({ values, onChange }: MessageFiltersProps) {
  const tagOk = tagFilterValid(values.tag);
  return (
    <search className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="sm:col-span-2">
        <label htmlFor="message-search" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="message-search"
          type="search"
          className="input mt-1"
          placeholder="Recipient, subject or message id"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={values.search}
          onChange={(e) => onChange({ search: e.target.value })}
          aria-describedby="message-search-hint"
        />
        <p id="message-search-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Part of an address in to, cc or bcc, or of the subject; or a whole message id.
        </p>
      </div>
      <div>
        <label htmlFor="message-status" className="block text-sm font-medium">
          Status
        </label>
        <select
          id="message-status"
          className="input mt-1"
          value={values.status}
          onChange={(e) => onChange({ status: e.target.value as MessageStatus | "" })}
        >
          <option value="">Any status</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="message-provider" className="block text-sm font-medium">
          Provider
        </label>
        <input
          id="message-provider"
          className="input mt-1"
          placeholder="Any provider"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={values.provider}
          onChange={(e) => onChange({ provider: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="message-from" className="block text-sm font-medium">
          From day
        </label>
        <input
          id="message-from"
          type="date"
          className="input mt-1"
          value={values.fromDay}
          max={values.toDay || undefined}
          onChange={(e) => onChange({ fromDay: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="message-to" className="block text-sm font-medium">
          To day
        </label>
        <input
          id="message-to"
          type="date"
          className="input mt-1"
          value={values.toDay}
          min={values.fromDay || undefined}
          onChange={(e) => onChange({ toDay: e.target.value })}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="message-tag" className="block text-sm font-medium">
          Tag
        </label>
        <input
          id="message-tag"
          className="input mt-1"
          placeholder="name:value"
          autoComplete="off"
          spellCheck={false}
          maxLength={513}
          value={values.tag}
          onChange={(e) => onChange({ tag: e.target.value })}
          aria-invalid={!tagOk}
          aria-describedby="message-tag-hint"
        />
        <p
          id="message-tag-hint"
          className={`mt-1 text-xs ${tagOk ? "text-zinc-500 dark:text-zinc-400" : "text-red-700 dark:text-red-300"}`}
        >
          {tagOk ? "One tag, as name:value." : "Write the tag as name:value (letters, digits, _ and -)."}
        </p>
      </div>
    </search>
  );
}
