"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { createCampaignSchema } from "@/lib/campaigns/schemas";
import {
  useCreateCampaign,
  useListOptions,
  useSenderOptions,
  useTemplateOptions,
  useUpdateCampaign,
  useUseCaseOptions,
  type Campaign,
} from "@/hooks/campaigns";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { OptionSelect } from "@/components/campaigns/option-select";

type Field = "name" | "listId" | "senderId" | "templateId" | "subject" | "html" | "useCaseId";
type Mode = "own" | "template";

const FIELDS: Field[] = ["name", "listId", "senderId", "templateId", "subject", "html", "useCaseId"];
const MESSAGES: Partial<Record<Field, string>> = {
  listId: "Choose a list.",
  senderId: "Choose a sender.",
  templateId: "Choose a template.",
};
const VARIABLES_HINT = "Contact variables: {{name}}, {{email}}, and each custom property, e.g. {{company}}.";

/**
 * Creates a draft campaign, or changes a draft or scheduled one (`campaign`): its name, list,
 * sender, content (a template, or a subject with html and/or text) and use case, checked with
 * the route's own schema before it is sent. Mounted afresh per campaign, so fields start from it.
 */
export function CampaignDialog({ open, campaign, onClose }: { open: boolean; campaign?: Campaign | null; onClose: () => void }) {
  const router = useRouter();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const save = campaign ? update : create;
  const lists = useListOptions();
  const senders = useSenderOptions();
  const templates = useTemplateOptions();
  const useCases = useUseCaseOptions();
  const initial = {
    name: campaign?.name ?? "",
    listId: campaign?.listId ?? "",
    senderId: campaign?.senderId ?? "",
    mode: (campaign?.templateId ? "template" : "own") as Mode,
    templateId: campaign?.templateId ?? "",
    subject: campaign?.subject ?? "",
    html: campaign?.html ?? "",
    text: campaign?.text ?? "",
    useCaseId: campaign?.useCaseId ?? "",
  };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set =
    <K extends keyof typeof initial>(key: K) =>
    (value: (typeof initial)[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  function close() {
    setForm(initial);
    setErrors({});
    create.reset();
    update.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const template = form.mode === "template";
    const body = {
      name: form.name,
      listId: form.listId,
      senderId: form.senderId,
      ...(template
        ? { templateId: form.templateId || undefined }
        : { subject: form.subject || undefined, html: form.html || undefined, text: form.text || undefined }),
      ...(form.useCaseId ? { useCaseId: form.useCaseId } : {}),
    };
    const parsed = createCampaignSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        const key = FIELDS.includes(field) ? field : "name";
        found[key] ??= MESSAGES[key] && issue.code === "invalid_format" ? MESSAGES[key] : issue.message;
      }
      if (template && !form.templateId) found.templateId = MESSAGES.templateId;
      setErrors(found);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`#campaign-${FIELDS.find((f) => found[f])}`)?.focus());
      return;
    }
    setErrors({});
    if (campaign) {
      const d = parsed.data;
      const input = {
        name: d.name,
        listId: d.listId,
        senderId: d.senderId,
        templateId: d.templateId ?? null,
        // A changed template starts from its current version.
        ...(d.templateId && d.templateId === campaign.templateId ? {} : { templateVersion: null }),
        subject: d.subject ?? null,
        html: d.html ?? null,
        text: d.text ?? null,
        useCaseId: d.useCaseId ?? null,
      };
      update.mutate({ id: campaign.id, input }, { onSuccess: close });
    } else {
      create.mutate(parsed.data, {
        onSuccess: (c) => {
          close();
          router.push(`/campaigns/${c.id}`);
        },
      });
    }
  }

  const hint = (query: { error: Error | null }, what: string, otherwise: string) =>
    query.error ? `${what} could not be loaded: ${query.error.message}` : otherwise;

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={campaign ? "Edit campaign" : "New campaign"}
      description={
        campaign
          ? "A draft or scheduled campaign can still change; once it starts, its content is fixed."
          : "It starts as a draft: nothing is sent until you send it or schedule it."
      }
      dismissible={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="campaign-name" label="Name" hint="For you; recipients do not see it." error={errors.name}>
          <input
            className="input"
            type="text"
            value={form.name}
            onChange={(e) => set("name")(e.target.value)}
            maxLength={200}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="campaign-listId"
            label="List"
            hint={hint(lists, "Lists", "Its subscribed contacts when the campaign starts.")}
            error={errors.listId}
          >
            <OptionSelect value={form.listId} onChange={set("listId")} query={lists} none="Choose a list" />
          </FormField>
          <FormField
            id="campaign-senderId"
            label="Sender"
            hint={hint(senders, "Senders", "The from-address; in production a verified one.")}
            error={errors.senderId}
          >
            <OptionSelect value={form.senderId} onChange={set("senderId")} query={senders} none="Choose a sender" />
          </FormField>
        </div>

        <fieldset>
          <legend className="text-sm font-medium">Content</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            {(["own", "template"] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input type="radio" name="campaign-mode" value={m} checked={form.mode === m} onChange={() => set("mode")(m)} />
                {m === "own" ? "Write it here" : "Use a template"}
              </label>
            ))}
          </div>
        </fieldset>

        {form.mode === "template" ? (
          <FormField
            id="campaign-templateId"
            label="Template"
            hint={hint(templates, "Templates", `Its current version when the campaign starts. ${VARIABLES_HINT}`)}
            error={errors.templateId}
          >
            <OptionSelect value={form.templateId} onChange={set("templateId")} query={templates} none="Choose a template" />
          </FormField>
        ) : (
          <>
            <FormField id="campaign-subject" label="Subject" hint={VARIABLES_HINT} error={errors.subject}>
              <input
                className="input"
                type="text"
                value={form.subject}
                onChange={(e) => set("subject")(e.target.value)}
                maxLength={998}
                autoComplete="off"
              />
            </FormField>
            <FormField
              id="campaign-html"
              label="HTML"
              hint="Links are tracked and an unsubscribe link is added to the headers."
              error={errors.html}
            >
              <textarea className="input h-32 font-mono text-xs" value={form.html} onChange={(e) => set("html")(e.target.value)} />
            </FormField>
            <FormField id="campaign-text" label="Plain text" hint="Optional with HTML: derived from it when left empty.">
              <textarea className="input h-20 font-mono text-xs" value={form.text} onChange={(e) => set("text")(e.target.value)} />
            </FormField>
          </>
        )}

        <FormField
          id="campaign-useCaseId"
          label="Use case"
          hint={hint(useCases, "Use cases", "Optional: what kind of mail this is, for your reports.")}
          error={errors.useCaseId}
        >
          <OptionSelect value={form.useCaseId} onChange={set("useCaseId")} query={useCases} none="The organization's default" />
        </FormField>

        <FormActions
          pending={save.isPending}
          error={save.error?.message}
          onCancel={close}
          submitLabel={campaign ? "Save" : "Create draft"}
          pendingLabel={campaign ? "Saving…" : "Creating…"}
        />
      </form>
    </Dialog>
  );
}
