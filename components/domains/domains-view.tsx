"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteDomain, useDomains, type SendingDomain } from "@/hooks/domains";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { DomainCard } from "@/components/domains/domain-card";
import { AddDomainDialog } from "@/components/domains/add-domain-dialog";

const PER_PAGE = 10;
const NO_ADD = "Only owners and admins can add domains.";
const NO_CHANGE = "Verify now, receiving and Delete are off: only owners and admins manage domains.";

/** The organization's domains: add one, publish its records, verify it, delete it. */
export function DomainsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "domains.manage");
  const restrictedId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SendingDomain | null>(null);
  const domains = useDomains({ page, perPage: PER_PAGE });
  const remove = useDeleteDomain();
  const list = domains.data?.items ?? [];
  const openAdd = () => setAdding(true);

  return (
    <>
      <PageHeader
        title="Domains"
        description={
          <>
            Send from your own domain: publish its DNS records so receivers can tell your mail is really yours. Mail from a verified domain
            is DKIM-signed, and any address at it may be used in production. Single addresses elsewhere are confirmed on the{" "}
            <Link href="/senders" className="underline">
              Senders
            </Link>{" "}
            page.
          </>
        }
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={openAdd}>
            Add domain
          </RestrictedAction>
        }
      />

      <QueryState
        query={domains}
        loading="Loading domains…"
        rows={2}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title="No domains yet" action={canManage ? { label: "Add a domain", onClick: openAdd } : undefined}>
            Add the domain you send from, like example.com. You get an SPF and a DKIM record to publish (plus recommended DMARC, return-path
            and, for receiving, MX records); once they are found the domain is verified.
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="domains" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {!canManage && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {NO_CHANGE}
                </p>
              )}
              <PagedList
                label="Domains"
                navLabel="Domain pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={list.length}
                query={domains}
                onPageChange={setPage}
                tally={{ testId: "domains-count", one: "domain", many: "domains", filtered: false }}
              >
                {list.map((d) => (
                  <DomainCard
                    key={d.id}
                    domain={d}
                    canManage={canManage}
                    restrictedReasonId={canManage ? undefined : restrictedId}
                    onDelete={setDeleting}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <AddDomainDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteDialog
        item={deleting}
        title="Delete this domain?"
        description={(deleting) => (
          <>
            <strong className="break-all">{deleting.name}</strong> and its DKIM key will be gone: mail from it is no longer signed or
            allowed in production
            {deleting.inbound ? ", and mail to it is no longer received" : ""}. Adding it again makes a new key, with new records to
            publish.
          </>
        )}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => setPage(pageAfterRemoving(list.length, page))}
      />
    </>
  );
}
