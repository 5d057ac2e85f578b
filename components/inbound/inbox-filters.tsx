"use client";
// The inbox's search (sender or subject; the caller debounces it) and tag filter, kept in the
// address (?tab=inbox&q=&tag=&page=) so Back from a message returns to the same view.

export interface InboxFilterValues {
  search: string;
  tag: string;
  page: number;
}

export function inboxFiltersFromAddress(params: URLSearchParams): InboxFilterValues {
  const page = Number(params.get("page"));
  return {
    search: (params.get("q") ?? "").slice(0, 200),
    tag: (params.get("tag") ?? "").slice(0, 50),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function inboxFiltersToAddress({ search, tag, page }: InboxFilterValues): string {
  const params = new URLSearchParams({ tab: "inbox" });
  if (search) params.set("q", search);
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

interface InboxFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  tag: string;
  onTagChange: (value: string) => void;
  /** Tags seen so far, offered as suggestions. */
  knownTags: string[];
}

export function InboxFilters({ search, onSearchChange, tag, onTagChange, knownTags }: InboxFiltersProps) {
  return (
    <search className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_14rem] dark:border-zinc-800 dark:bg-zinc-900">
      <div>
        <label htmlFor="inbox-search" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="inbox-search"
          type="search"
          className="input mt-1"
          placeholder="Sender or subject"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          aria-describedby="inbox-search-hint"
        />
        <p id="inbox-search-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Part of the sender&apos;s address or of the subject.
        </p>
      </div>
      <div>
        <label htmlFor="inbox-tag" className="block text-sm font-medium">
          Tag
        </label>
        <input
          id="inbox-tag"
          type="search"
          className="input mt-1"
          placeholder="Any tag"
          autoComplete="off"
          spellCheck={false}
          maxLength={50}
          list="inbox-known-tags"
          value={tag}
          onChange={(e) => onTagChange(e.target.value)}
          aria-describedby="inbox-tag-hint"
        />
        <datalist id="inbox-known-tags">
          {knownTags.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <p id="inbox-tag-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          The exact tag a rule gave.
        </p>
      </div>
    </search>
  );
}
