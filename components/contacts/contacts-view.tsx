"use client";

import { useId, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import {
  exportUrl,
  useContactProperties,
  useContacts,
  useDeleteContact,
  type Contact,
  type ContactFilters as Filters,
} from "@/hooks/contacts";
import { useListChoices } from "@/hooks/lists";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { EraseContactDialog } from "@/components/contacts/erase-contact-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { ContactFilters } from "@/components/contacts/contact-filters";
import { ContactRow } from "@/components/contacts/contact-row";
import { ContactDialog } from "@/components/contacts/contact-dialog";
import { PropertiesDialog } from "@/components/contacts/properties-dialog";
import { ImportDialog } from "@/components/contacts/import-dialog";

const PER_PAGE = 25;
const NO_ADD = "Viewers can look at contacts and export them, not add, import or change them; ask a member, admin or owner.";
const NO_CHANGE = "Edit, Delete and Erase are off: viewers cannot change contacts.";
const EMPTY: Filters = { q: "", subscriptionStatus: "", listId: "", property: { key: "", op: "eq", value: "" } };

/** The organization's contacts: search and filter, add, edit, delete, erase, import a CSV, export, manage properties. */
export function ContactsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "contacts.manage");
  const restrictedId = useId();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [managingProperties, setManagingProperties] = useState(false);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [erasing, setErasing] = useState<Contact | null>(null);
  const settled = { ...filters, q: useDebouncedValue(filters.q, 300).trim() };
  const contacts = useContacts(settled, page, PER_PAGE);
  const properties = useContactProperties();
  const lists = useListChoices();
  const remove = useDeleteContact();
  const list = contacts.data?.items ?? [];
  const filtered = Boolean(settled.q || settled.subscriptionStatus || settled.listId || (settled.property.key && settled.property.value));

  function changeFilters(next: Filters) {
    setFilters(next);
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people you send campaigns and sequences to, with their subscription and your own properties. Import them from a CSV file or add them one by one."
        action={
          // One row that never wraps: the page's four actions side by side, the main one last.
          <div className="flex items-center gap-2 whitespace-nowrap">
            <button type="button" className="btn-secondary" onClick={() => setManagingProperties(true)}>
              Properties
            </button>
            <a className="btn-secondary" href={exportUrl(settled)} download>
              Export CSV
            </a>
            <button type="button" className="btn-secondary" onClick={() => setImporting(true)} disabled={!canManage}>
              Import CSV
            </button>
            <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={() => setAdding(true)}>
              New contact
            </RestrictedAction>
          </div>
        }
      />

      <ContactFilters filters={filters} onChange={changeFilters} properties={properties.data ?? []} lists={lists.data ?? []} />

      <QueryState
        query={contacts}
        loading="Loading contacts…"
        rows={5}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          filtered ? (
            <EmptyState title="No contacts match" action={{ label: "Clear the filters", onClick: () => changeFilters(EMPTY) }}>
              Search matches any part of an email or name. Try fewer letters, or another filter.
            </EmptyState>
          ) : (
            <EmptyState title="No contacts yet">
              Add a contact, or import a CSV file with an email column and any of your properties.
            </EmptyState>
          )
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="contacts" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {!canManage && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {NO_CHANGE}
                </p>
              )}
              <PagedList
                label="Contacts"
                navLabel="Contact pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={list.length}
                query={contacts}
                onPageChange={setPage}
                tally={{ testId: "contacts-count", one: "contact", many: "contacts", filtered }}
              >
                {list.map((c) => (
                  <ContactRow
                    key={c.id}
                    contact={c}
                    canManage={canManage}
                    restrictedReasonId={restrictedId}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                    onErase={setErasing}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <ContactDialog open={adding} onClose={() => setAdding(false)} />
      <ContactDialog key={editing?.id ?? "none"} open={editing !== null} contact={editing} onClose={() => setEditing(null)} />
      <PropertiesDialog open={managingProperties} canManage={canManage} onClose={() => setManagingProperties(false)} />
      <ImportDialog open={importing} lists={lists.data ?? []} onClose={() => setImporting(false)} />
      <DeleteDialog
        item={deleting}
        title="Delete this contact?"
        description={(deleting) => (
          <>
            <strong className="break-all">{deleting.email}</strong> will be removed with its list memberships. Mail already sent keeps its
            history.
          </>
        )}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => setPage(pageAfterRemoving(list.length, page))}
      />
      <EraseContactDialog
        contact={erasing}
        onClose={() => setErasing(null)}
        onErased={() => setPage(pageAfterRemoving(list.length, page))}
      />
    </>
  );
}
