"use client";

import { useState } from "react";
import { z } from "zod";
import { contactEmail } from "@/lib/contacts/schemas";
import { useAddMembers, useListMembers, useRemoveMember, type ContactList } from "@/hooks/lists";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { FormField } from "@/components/ui/form-field";
import { PageNav } from "@/components/ui/page-nav";
import { Badge } from "@/components/ui/badge";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";

const PER_PAGE = 20;
const emails = z.array(contactEmail).min(1, "Enter at least one address.").max(1000, "At most 1,000 addresses at once.");

/** A list's members, searchable and paged; add addresses (contacts made for new ones) and take members off. */
export function MembersDialog({ list, canManage, onClose }: { list: ContactList | null; canManage: boolean; onClose: () => void }) {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const settled = useDebouncedValue(q, 300);
  const members = useListMembers(list?.id ?? null, settled, page, PER_PAGE);
  const add = useAddMembers();
  const remove = useRemoveMember();
  const rows = members.data?.items ?? [];

  function close() {
    setQ("");
    setPage(1);
    setText("");
    setError(undefined);
    add.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!list) return;
    const parsed = emails.safeParse(text.split(/[\s,;]+/).filter(Boolean));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(
        issue.path.length ? `${text.split(/[\s,;]+/).filter(Boolean)[Number(issue.path[0])]}: ${issue.message}` : issue.message,
      );
    }
    setError(undefined);
    add.mutate({ id: list.id, input: { emails: parsed.data } }, { onSuccess: () => setText("") });
  }

  return (
    <Dialog
      open={list !== null}
      onClose={close}
      title={list ? `Members of ${list.name}` : "Members"}
      size="lg"
      dismissible={!add.isPending}
    >
      <label htmlFor="member-search" className="block text-sm font-medium">
        Search members
      </label>
      <input
        id="member-search"
        type="search"
        className="input mt-1"
        placeholder="Email or name"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite" data-testid="members-count">
        {members.data
          ? `${members.data.pagination.total} ${members.data.pagination.total === 1 ? "member" : "members"}${settled.trim() ? " match" : ""}`
          : "Loading…"}
      </p>
      <ul
        aria-label="Members"
        className="mt-1 divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {rows.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="member-row">
            <span className="min-w-0 break-all">
              {c.email} {c.name && <span className="text-sm text-zinc-600 dark:text-zinc-400">{c.name}</span>}{" "}
              {c.subscriptionStatus === "unsubscribed" && <Badge>Unsubscribed</Badge>}
            </span>
            {canManage && list && (
              <button
                type="button"
                className="btn-secondary py-1"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ listId: list.id, contact: c })}
              >
                Remove<span className="sr-only"> {c.email}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {members.data && members.data.pagination.total > PER_PAGE && (
        <PageNav
          label="Member pages"
          page={page}
          pageSize={PER_PAGE}
          total={members.data.pagination.total}
          count={rows.length}
          busy={members.isPlaceholderData}
          onPageChange={setPage}
        />
      )}
      {canManage && (
        <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <FormField
            id="member-emails"
            label="Add by email"
            hint="Addresses separated by commas, spaces or new lines; contacts are created for new ones."
            error={error}
          >
            <textarea className="input h-20" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
          </FormField>
          {add.error && <ErrorBanner message={add.error.message} />}
          <button type="submit" className="btn-primary" disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add to list"}
          </button>
        </form>
      )}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}
