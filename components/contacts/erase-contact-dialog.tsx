"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useEraseContact, type Contact } from "@/hooks/contacts";

interface EraseContactDialogProps {
  /** Whose address would be erased; null: the dialog is closed. */
  contact: Contact | null;
  onClose: () => void;
  /** After the erasure succeeded, before the dialog closes. */
  onErased?: () => void;
}

/** "Erase this person?": the contact and every trace of its address in the organization (DELETE …?erase=true). */
export function EraseContactDialog({ contact, onClose, onErased }: EraseContactDialogProps) {
  const erase = useEraseContact();
  const close = () => {
    onClose();
    erase.reset();
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      title="Erase this person?"
      description={
        contact !== null && (
          <>
            Every trace of <strong className="break-all">{contact.email}</strong> in this organization is removed: the contact, its list
            memberships and enrolments, inbound mail from it, and the content of mail sent to it. Sent mail and its events stay in your
            counts under a placeholder address. If the address is suppressed it stays suppressed. This cannot be undone.
          </>
        )
      }
      confirmLabel="Erase"
      pendingLabel="Erasing…"
      pending={erase.isPending}
      error={erase.error?.message}
      onClose={close}
      onConfirm={() =>
        contact !== null &&
        erase.mutate(contact, {
          onSuccess: () => {
            onErased?.();
            close();
          },
        })
      }
    />
  );
}
