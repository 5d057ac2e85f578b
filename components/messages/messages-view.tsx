"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useMessages } from "@/hooks/messages";
import { useCurrentProject } from "@/components/layout/use-current-project";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { PagedList, PastLastPage } from "@/components/ui/paged-list";
import { filtersFromAddress, filtersToAddress, MessageFilters, tagFilterValid, type Filters } from "@/components/messages/message-filters";
import { MessageRow } from "@/components/messages/message-row";

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/** Every message the organization sent, newest first; search, filter and open one for its timeline. */
export function MessagesView({ role }: { role: Role }) {
  const canSend = roleHas(role, "email.send");
  const address = useSearchParams();
  const [initial] = useState(() => filtersFromAddress(address));
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(initial.page);
  // Typed text settles before it is asked for; the selects and dates apply at once.
  const settledSearch = useDebouncedValue(filters.search, SEARCH_DELAY_MS).trim();
  const settledProvider = useDebouncedValue(filters.provider, SEARCH_DELAY_MS).trim();
  const typedTag = useDebouncedValue(filters.tag, SEARCH_DELAY_MS).trim();
  const settledTag = tagFilterValid(typedTag) ? typedTag : "";
  const applied = {
    search: settledSearch,
    status: filters.status,
    provider: settledProvider,
    fromDay: filters.fromDay,
    toDay: filters.toDay,
    tag: settledTag,
  };
  const [projectId] = useCurrentProject();
  const messages = useMessages({ page, pageSize: PAGE_SIZE, ...applied, projectId });
  const filtered = Object.values(applied).some(Boolean);

  // Keep the address in step (without a navigation), so Back from a message lands on this search.
  const query = filtersToAddress({ ...applied, page });
  useEffect(() => {
    window.history.replaceState(null, "", query || window.location.pathname);
  }, [query]);

  function changeFilters(change: Partial<Filters>) {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  }

  function clearFilters() {
    setFilters({ search: "", status: "", provider: "", fromDay: "", toDay: "", tag: "" });
    setPage(1);
  }

  const list = messages.data?.messages ?? [];

  return (
    <>
      <PageHeader
        title="Messages"
        description="Every email sent from the dashboard or the API, newest first. Open one to see its timeline: when it was sent, delivered, opened, clicked or bounced."
        action={
          canSend && (
            <Link href="/send" className="btn-primary">
              Send an email
            </Link>
          )
        }
      />

      <MessageFilters values={filters} onChange={changeFilters} />

      <QueryState
        query={messages}
        loading="Loading messages…"
        rows={5}
        isEmpty={(data) => data.total === 0}
        empty={
          filtered ? (
            <EmptyState title="No messages match" action={{ label: "Clear search and filters", onClick: clearFilters }}>
              {settledSearch ? (
                <>Nothing with these filters has “{settledSearch}” in a recipient, the subject or its id. </>
              ) : (
                "Nothing matches these filters. "
              )}
              Search matches part of an address or subject, or a whole id; try fewer letters, any status or a wider range of days.
            </EmptyState>
          ) : (
            <EmptyState
              title={projectId ? "No messages in this project yet" : "No messages yet"}
              action={canSend && { label: "Send your first email", href: "/send" }}
            >
              {canSend
                ? "Send one from the Send page or with an API key, and it shows up here with its delivery events."
                : "Messages your team sends show up here with their delivery events. Viewers cannot send; ask a member, admin or owner."}
            </EmptyState>
          )
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="messages" total={data.total} more={data.moreThanTotal} onFirstPage={() => setPage(1)} />
          ) : (
            <PagedList
              label="Messages"
              navLabel="Message pages"
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              more={data.moreThanTotal}
              count={list.length}
              query={messages}
              onPageChange={setPage}
              tally={{ testId: "messages-count", one: "message", many: "messages", filtered }}
            >
              {list.map((m) => (
                <MessageRow key={m.id} message={m} />
              ))}
            </PagedList>
          )
        }
      </QueryState>
    </>
  );
}
