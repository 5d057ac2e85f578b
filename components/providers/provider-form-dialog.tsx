"use client";

import { ApiError } from "@/hooks/fetch-json";
import { useCreateProvider, useUpdateProvider, type Provider } from "@/hooks/providers";
import { Dialog } from "@/components/ui/dialog";
import { ProviderForm, type ProviderFormValues } from "@/components/providers/provider-form";

interface ProviderFormDialogProps {
  open: boolean;
  /** The provider to edit; null to add one. */
  provider: Provider | null;
  /** Where a new provider goes in the order: after the current last one. */
  nextPriority: number;
  onClose: () => void;
}

/** "body.config.port: Too small…; body.name: …" from a 400, as messages by field key. */
function serverFieldErrors(error: Error | null): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Record<string, string> = {};
  for (const [, key, message] of error.message.matchAll(/body\.(?:config\.)?(\w+): ([^;]+)/g)) out[key] ??= message.trim();
  return out;
}

export function ProviderFormDialog({ open, provider, nextPriority, onClose }: ProviderFormDialogProps) {
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const mutation = provider ? update : create;

  function close() {
    create.reset();
    update.reset();
    onClose();
  }

  function submit({ name, type, config, isActive, limits }: ProviderFormValues) {
    if (provider) {
      // The whole config goes back: settings replace the stored ones, and secrets left out keep theirs.
      update.mutate({ id: provider.id, input: { name, config, isActive, ...limits } }, { onSuccess: close });
    } else {
      create.mutate({ name, type, config, isActive, priority: nextPriority, ...limits }, { onSuccess: close });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={provider ? `Edit ${provider.name}` : "Add provider"}
      description={
        provider
          ? "Change its settings, limits or whether it is used."
          : "Pick the service you send through, then enter its settings. Afterwards, use Test connection to check them."
      }
      dismissible={!mutation.isPending}
      size="lg"
    >
      <ProviderForm
        provider={provider ?? undefined}
        pending={mutation.isPending}
        error={mutation.error?.message}
        serverErrors={serverFieldErrors(mutation.error)}
        onCancel={close}
        onSubmit={submit}
      />
    </Dialog>
  );
}
