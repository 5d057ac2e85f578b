"use client";

import type { CreatedOAuthApp } from "@/hooks/oauth-apps";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { ShownOnce } from "@/components/ui/shown-once";

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid={testId}
          className="block min-w-0 flex-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
        >
          {value}
        </code>
        <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

/**
 * A freshly registered app: its client id, and a confidential app's secret, the only time it can
 * be seen. The secret stays in the caller's state and this dialog's DOM, nowhere else.
 */
export function RegisteredAppDialog({ created, onClose }: { created: CreatedOAuthApp | null; onClose: () => void }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      dismissible={false}
      size="lg"
      title="App registered"
      description={created ? `“${created.name}” can now send users to the consent screen.` : undefined}
    >
      {created && (
        <div className="space-y-4">
          <Value label="Client ID" value={created.clientId} testId="new-app-client-id" />
          {created.clientSecret ? (
            <div>
              <p className="mb-2 text-sm font-medium">Client secret</p>
              <ShownOnce value={created.clientSecret} testId="new-app-client-secret" copyLabel="Copy secret">
                Copy it now and keep it on the app&apos;s server: <strong>you will not see it again</strong>. If you lose it, delete the app
                and register it again.
              </ShownOnce>
            </div>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              This is a public app: it has no secret and proves itself with PKCE (S256) on every sign-in.
            </p>
          )}
          <div className="rounded-md border border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            <p>
              Authorization endpoint: <code className="break-all">{origin}/oauth/authorize</code>
            </p>
            <p className="mt-1">
              Token endpoint: <code className="break-all">{origin}/api/oauth/token</code>
            </p>
            <p className="mt-1">
              Discovery: <code className="break-all">{origin}/.well-known/oauth-authorization-server</code>
            </p>
          </div>
          <DialogActions>
            <button type="button" className="btn-primary" onClick={onClose}>
              {created.clientSecret ? "I have copied the secret" : "Done"}
            </button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
