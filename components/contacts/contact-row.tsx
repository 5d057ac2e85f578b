"use client";

import { RowAction } from "@/components/ui/row-action";
import type { Contact } from "@/hooks/contacts";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

interface ContactRowProps {
  contact: Contact;
  canManage: boolean;
  restrictedReasonId?: string;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  onErase: (contact: Contact) => void;
}

const shown = (v: string | number | boolean) =>
  typeof v === "boolean"
    ? v
      ? "yes"
      : "no"
    : typeof v === "string" && /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(v)
      ? v.slice(0, 10)
      : String(v);

/** One contact: address, name, subscription, whether it is suppressed, its properties. */
export function ContactRow({ contact: c, canManage, restrictedReasonId, onEdit, onDelete, onErase }: ContactRowProps) {
  const properties = Object.entries(c.properties);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="contact-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{c.email}</span>
          {c.name && <span className="text-sm text-zinc-600 dark:text-zinc-400">{c.name}</span>}
          {c.subscriptionStatus === "subscribed" ? <Badge tone="success">Subscribed</Badge> : <Badge>Unsubscribed</Badge>}
          {c.suppressed && (
            <span title="On the suppression list: no mail goes to this address">
              <Badge tone="danger">Suppressed</Badge>
            </span>
          )}
        </div>
        {properties.length > 0 && (
          <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
            {properties.map(([k, v]) => (
              <div key={k} className="flex gap-1">
                <dt className="text-zinc-500 dark:text-zinc-400">{k}:</dt>
                <dd className="break-all">{shown(v)}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Added <DateText value={c.createdAt} />
          {c.unsubscribedAt && (
            <>
              {" · "}unsubscribed <DateText value={c.unsubscribedAt} />
            </>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        <RowAction label="Edit" about={c.email} onClick={() => onEdit(c)} allowed={canManage} reasonId={restrictedReasonId} />
        <RowAction label="Delete" about={c.email} onClick={() => onDelete(c)} allowed={canManage} reasonId={restrictedReasonId} />
        <RowAction
          label="Erase"
          about={`this person: ${c.email}`}
          onClick={() => onErase(c)}
          allowed={canManage}
          reasonId={restrictedReasonId}
        />
      </div>
    </li>
  );
}
