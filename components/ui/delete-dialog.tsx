"use client";

import type { ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** The part of a delete mutation the dialog uses (a TanStack useMutation result fits). */
interface Removal<T> {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
  mutate: (item: T, options: { onSuccess: () => void }) => void;
}

interface DeleteDialogProps<T> {
  /** What would be deleted; null: the dialog is closed. */
  item: T | null;
  title: string;
  description: (item: T) => ReactNode;
  remove: Removal<T>;
  /** Closes it: the caller sets `item` back to null (the mutation's error is cleared here). */
  onClose: () => void;
  /** After the deletion succeeded, before the dialog closes (e.g. step back from a page left empty). */
  onDeleted?: () => void;
}

/** "Delete this …?": the confirmation every list page asks before deleting one of its items. */
export function DeleteDialog<T>({ item, title, description, remove, onClose, onDeleted }: DeleteDialogProps<T>) {
  const close = () => {
    onClose();
    remove.reset();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      description={item !== null && description(item)}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.error?.message}
      onClose={close}
      onConfirm={() =>
        item !== null &&
        remove.mutate(item, {
          onSuccess: () => {
            onDeleted?.();
            close();
          },
        })
      }
    />
  );
}
