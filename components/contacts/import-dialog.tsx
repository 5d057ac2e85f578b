"use client";

import { useState } from "react";
import { useImportContacts, type ContactImportView } from "@/hooks/contacts";
import type { ContactList } from "@/hooks/lists";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { FormField } from "@/components/ui/form-field";
import { ImportReport } from "@/components/contacts/import-report";

/** Upload a CSV file (sent as it is, streamed by the browser), optionally into a list; then its report. */
export function ImportDialog({ open, lists, onClose }: { open: boolean; lists: ContactList[]; onClose: () => void }) {
  const upload = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const [listId, setListId] = useState("");
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<ContactImportView | null>(null);

  function close() {
    setFile(null);
    setResult(null);
    setMissing(false);
    upload.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return setMissing(true);
    setMissing(false);
    upload.mutate({ file, listId }, { onSuccess: setResult });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import contacts"
      size="lg"
      dismissible={!upload.isPending}
      description={
        <>
          A CSV file with a header row: <code>email</code> (required), <code>name</code>, <code>subscription_status</code> and any property
          by its key. Known addresses are updated; an empty cell keeps what is stored. Up to 100 MiB and 1,000,000 rows.
        </>
      }
    >
      {result ? (
        <>
          <ImportReport result={result} />
          <DialogActions>
            <button type="button" className="btn-secondary" onClick={() => setResult(null)}>
              Import another file
            </button>
            <button type="button" className="btn-primary" onClick={close} data-autofocus>
              Done
            </button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="import-file" label="CSV file" error={missing ? "Choose a file to import." : undefined}>
            <input className="input" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </FormField>
          <FormField id="import-list" label="Add to list" hint="Optional: every imported contact joins this list.">
            <select className="input" value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">No list</option>
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </FormField>
          {upload.error && <ErrorBanner message={upload.error.message} />}
          <DialogActions>
            <button type="button" className="btn-secondary" onClick={close} disabled={upload.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={upload.isPending}>
              {upload.isPending ? "Importing…" : "Import"}
            </button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
