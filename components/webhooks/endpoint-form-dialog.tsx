"use client";

import { ApiError } from "@/hooks/fetch-json";
import type { CreateEndpointInput } from "@/lib/webhooks/schemas";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint, type WebhookEndpoint, type WebhookEndpointWithSecret } from "@/hooks/webhooks";
import { Dialog } from "@/components/ui/dialog";
import { EndpointForm } from "@/components/webhooks/endpoint-form";

interface EndpointFormDialogProps {
  open: boolean;
  /** The endpoint to edit; null to add one. */
  endpoint: WebhookEndpoint | null;
  projectName?: string;
  onClose: () => void;
  /** Receives a new endpoint with its secret, once; the caller shows it and then forgets it. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
}

/** "Invalid request: body.url: URL must use https" from a 400, as messages by field. */
function serverFieldErrors(error: Error | null): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Record<string, string> = {};
  for (const [, key, message] of error.message.matchAll(/body\.(\w+)(?:\.\d+)?: ([^;]+)/g)) out[key] ??= message.trim();
  return out;
}

export function EndpointFormDialog({ open, endpoint, projectName, onClose, onCreated }: EndpointFormDialogProps) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const mutation = endpoint ? update : create;

  function close() {
    create.reset();
    update.reset();
    onClose();
  }

  async function submit({ url, description, events, projectId }: CreateEndpointInput) {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, input: { url, description, events } });
      } else {
        onCreated(await create.mutateAsync({ url, description, events, projectId }));
      }
      close();
    } catch {
      // The mutation's error holds the API's message; the form shows it.
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={endpoint ? "Edit webhook endpoint" : "Add webhook endpoint"}
      description={
        endpoint
          ? "Change where events go and which ones are sent. The signing secret stays the same."
          : "Mailroom will POST signed events to this URL. Its signing secret is shown once, right after you add it."
      }
      dismissible={!mutation.isPending}
      size="lg"
    >
      <EndpointForm
        endpoint={endpoint ?? undefined}
        projectName={projectName}
        pending={mutation.isPending}
        error={mutation.error?.message}
        serverErrors={serverFieldErrors(mutation.error)}
        onCancel={close}
        onSubmit={submit}
      />
    </Dialog>
  );
}
