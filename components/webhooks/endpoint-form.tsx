"use client";

import { useState } from "react";
import { createEndpointSchema, type CreateEndpointInput } from "@/lib/webhooks/schemas";
import type { WebhookEndpoint } from "@/hooks/webhooks";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { ALL_EVENTS, isAllEvents } from "@/components/webhooks/event-types";
import { EventsPicker } from "@/components/webhooks/events-picker";
import { ProjectSelect } from "@/components/ui/project-select";

type Field = "url" | "description" | "events" | "projectId";

const MESSAGES: Record<Field, string> = {
  url: "Enter the URL that should receive events, e.g. https://example.com/webhooks/mailroom.",
  description: "Keep the description to 500 characters.",
  events: "Pick event types from the list, or All events.",
  projectId: "Pick a project from the list.",
};

interface EndpointFormProps {
  /** The endpoint being edited; none when adding one. */
  endpoint?: WebhookEndpoint;
  projectName?: string;
  pending: boolean;
  error?: string;
  /** Problems the server named per field ("body.url: URL must use https"), by field. */
  serverErrors: Partial<Record<Field, string>>;
  onCancel: () => void;
  onSubmit: (input: CreateEndpointInput) => void;
}

const isHttpUrl = (raw: string) => URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol);

/**
 * Add or edit an endpoint: URL, description, events and (add only) its project. Checked with
 * the API's own schema first; the server adds its URL policy (https, public hosts) on top.
 * Mounted afresh each time its dialog opens, so it starts from the endpoint.
 */
export function EndpointForm({ endpoint, projectName, pending, error, serverErrors, onCancel, onSubmit }: EndpointFormProps) {
  const editing = endpoint !== undefined;
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<string[]>(!endpoint || isAllEvents(endpoint.events) ? [ALL_EVENTS] : endpoint.events);
  const [projectId, setProjectId] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const shown = { ...serverErrors, ...errors };

  /** A changed field's old message no longer applies. */
  const clear = (field: Field) => setErrors((prev) => ({ ...prev, [field]: undefined }));
  const changeUrl = (value: string) => {
    setUrl(value);
    clear("url");
  };
  const changeDescription = (value: string) => {
    setDescription(value);
    clear("description");
  };
  const changeEvents = (value: string[]) => {
    setEvents(value);
    clear("events");
  };
  const changeProject = (value: string) => {
    setProjectId(value);
    clear("projectId");
  };

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The fields an edit can change are checked exactly as on create.
    const parsed = createEndpointSchema.safeParse({ url, description, events, projectId: editing || !projectId ? undefined : projectId });
    const found: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error, MESSAGES);
    // [] would mean every event to the API; an empty choice here is more likely a slip.
    if (events.length === 0) found.events = "Pick at least one event type, or All events.";
    if (!found.url && !isHttpUrl(url.trim())) found.url = "Enter a full URL starting with https://.";
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormField
        id="webhook-url"
        label="URL"
        hint="Mailroom POSTs each event here as JSON. It must use https and be reachable from the internet."
        error={shown.url}
      >
        <input
          className="input"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => changeUrl(e.target.value)}
          maxLength={2048}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/mailroom"
          data-autofocus
        />
      </FormField>
      <FormField
        id="webhook-description"
        label="Description (optional)"
        hint="What receives these events, e.g. “Billing service”."
        error={shown.description}
      >
        <input
          className="input"
          value={description}
          onChange={(e) => changeDescription(e.target.value)}
          maxLength={500}
          autoComplete="off"
        />
      </FormField>
      <EventsPicker value={events} onChange={changeEvents} error={shown.events} />
      {editing ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Project: <strong className="text-zinc-900 dark:text-zinc-100">{projectName ?? "All projects"}</strong>{" "}
          <span className="text-xs">(set when the endpoint was added)</span>
        </p>
      ) : (
        <ProjectSelect
          id="webhook-project"
          value={projectId}
          onChange={changeProject}
          error={shown.projectId}
          hint="Only events from one project's email, or from all of them. This cannot be changed later."
          fallback="the endpoint will get events from every project."
        />
      )}
      <FormActions
        pending={pending}
        error={error}
        onCancel={onCancel}
        submitLabel={editing ? "Save changes" : "Add endpoint"}
        pendingLabel={editing ? "Saving…" : "Adding…"}
      />
    </form>
  );
}
