"use client";
// The Inbox tab: received messages the rules kept, newest first, with search, a tag filter and
// pages; polled so new mail appears while the page is open.
import { useEffect, useState } from "react";
import { useSearchParams } from "next/navigation";
import { useInbox } from "@/hooks/inbound";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { PagedList, PastLastPage } from "@/components/ui/paged-list";
import { InboxFilters, inboxFiltersFromAddress, inboxFiltersToAddress } from "@/components/inbound/inbox-filters";
import { InboxRow } from "@/components/inbound/inbox-row";
import { InboxEmpty } from "@/components/inbound/inbox-empty";

const PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;

export function InboxPanel({ onShowDomains }: { onShowDomains: () => void }) {
  const address = useSearchParams();
  const [initial] = useState(() => inboxFiltersFromAddress(address));
  const [search, setSearch] = useState(initial.search);
  const [tag, setTag] = useState(initial.tag);
  const [page, setPage] = useState(initial.page);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const settledTag = useDebouncedValue(tag, SEARCH_DELAY_MS).trim();
  const inbox = useInbox({ page, perPage: PER_PAGE, search: settledSearch, tag: settledTag });
  const filtered = Boolean(settledSearch || settledTag);
  const list = inbox.data?.messages ?? [];
  // Tags on this page, and the one filtered by, as suggestions for the tag filter.
  const knownTags = [...new Set([...list.flatMap((m) => m.tags), ...(settledTag ? [settledTag] : [])])].sort();

  // Keep the address in step (without a navigation), so Back from a message lands on this view.
  useEffect(() => {
    window.history.replaceState(null, "", inboxFiltersToAddress({ search: settledSearch, tag: settledTag, page }));
  }, [settledSearch, settledTag, page]);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const changeTag = (value: string) => {
    setTag(value);
    setPage(1);
  };
  const clearFilters = () => {
    setSearch("");
    setTag("");
    setPage(1);
  };

  return (
    <div>
      <div className="mb-4">
        <h2 className="text-xl font-semibold">Inbox</h2>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Received mail, newest first. Open a message to read it, download its attachments, see what the rules did, or reply.
        </p>
      </div>
      <InboxFilters search={search} onSearchChange={changeSearch} tag={tag} onTagChange={changeTag} knownTags={knownTags} />

      <QueryState
        query={inbox}
        loading="Loading the inbox…"
        rows={4}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          filtered ? (
            <EmptyState title="No messages match" action={{ label: "Clear search and tag", onClick: clearFilters }}>
              {settledSearch ? (
                <>
                  Nothing {settledTag ? `tagged “${settledTag}” ` : ""}has “{settledSearch}” in the sender or subject.{" "}
                </>
              ) : (
                `Nothing is tagged “${settledTag}”. `
              )}
              Search matches part of an address or subject; tags match exactly.
            </EmptyState>
          ) : (
            <InboxEmpty onShowDomains={onShowDomains} />
          )
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="messages" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <PagedList
              label="Received messages"
              navLabel="Inbox pages"
              page={page}
              pageSize={PER_PAGE}
              total={data.pagination.total}
              count={list.length}
              query={inbox}
              onPageChange={setPage}
              tally={{ testId: "inbox-count", one: "message", many: "messages", filtered }}
            >
              {list.map((m) => (
                <InboxRow key={m.id} message={m} />
              ))}
            </PagedList>
          )
        }
      </QueryState>
    </div>
  );
}
