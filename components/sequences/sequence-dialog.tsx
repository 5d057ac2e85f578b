"use client";

import { useState } from "react";
import { createSequenceSchema, MAX_STEPS } from "@/lib/sequences/schemas";
import {
  useCreateSequence,
  useListOptions,
  useSenderOptions,
  useTemplateOptions,
  useUpdateSequence,
  type Option,
  type Sequence,
} from "@/hooks/sequences";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { joinDelay, splitDelay } from "@/components/sequences/delay";
import { newStep, StepsEditor, type StepDraft, type StepErrors } from "@/components/sequences/steps-editor";

type Field = "name" | "triggerListId" | "senderId" | "steps";

const draftsOf = (s?: Sequence | null): StepDraft[] =>
  s ? s.steps.map((st) => ({ ...newStep(st.templateId), ...splitDelay(st.delaySeconds) })) : [newStep("", "0", "minutes")];

/** A picker fed by a v1 list: "None" first; a list that could not be loaded says so and offers only "None" (and the current value). */
function OptionSelect({
  value,
  onChange,
  query,
  none,
  current,
  ...aria
}: {
  value: string;
  onChange: (v: string) => void;
  query: { data?: Option[]; error: Error | null };
  none: string;
  current: string | null;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange">) {
  const options = query.data ?? [];
  return (
    <select {...aria} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{none}</option>
      {current && !options.some((o) => o.id === current) && <option value={current}>{query.error ? "The current one" : "Loading…"}</option>}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Creates a sequence, or edits one (`sequence`): its name, trigger list, sender and steps, checked with the route's schema before sending. */
export function SequenceDialog({ open, sequence, onClose }: { open: boolean; sequence?: Sequence | null; onClose: () => void }) {
  const create = useCreateSequence();
  const update = useUpdateSequence();
  const save = sequence ? update : create;
  const templates = useTemplateOptions();
  const lists = useListOptions();
  const senders = useSenderOptions();
  const [name, setName] = useState(sequence?.name ?? "");
  const [triggerListId, setTriggerListId] = useState(sequence?.triggerListId ?? "");
  const [senderId, setSenderId] = useState(sequence?.senderId ?? "");
  const [steps, setSteps] = useState<StepDraft[]>(() => draftsOf(sequence));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [stepErrors, setStepErrors] = useState<StepErrors>({});

  function close() {
    setName(sequence?.name ?? "");
    setTriggerListId(sequence?.triggerListId ?? "");
    setSenderId(sequence?.senderId ?? "");
    setSteps(draftsOf(sequence));
    setErrors({});
    setStepErrors({});
    create.reset();
    update.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = {
      name,
      triggerListId: triggerListId || null,
      senderId: senderId || null,
      steps: steps.map((s) => ({ templateId: s.templateId, delaySeconds: joinDelay(s.amount, s.unit) })),
    };
    const parsed = createSequenceSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      const perStep: StepErrors = {};
      for (const issue of parsed.error.issues) {
        const [field, index, part] = issue.path;
        if (field === "steps" && typeof index === "number") {
          const key = part === "templateId" ? "templateId" : "delay";
          perStep[index] = {
            ...perStep[index],
            [key]: part === "templateId" ? "Choose a template." : "Give a whole number, at most 365 days.",
          };
        } else found[field as Field] ??= issue.message;
      }
      setErrors(found);
      setStepErrors(perStep);
      return;
    }
    setErrors({});
    setStepErrors({});
    if (sequence) update.mutate({ id: sequence.id, input: parsed.data }, { onSuccess: close });
    else create.mutate(parsed.data, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={sequence ? "Edit sequence" : "New sequence"}
      description={
        sequence
          ? "Steps are matched by position: contacts on their way go on at their next step, as it is now."
          : "A series of emails sent one after another, each after its wait. Contacts leave when they reply or unsubscribe."
      }
      dismissible={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="sequence-name" label="Name" hint="Unique in your organization." error={errors.name}>
          <input
            className="input"
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="sequence-list"
            label="Trigger list"
            hint={lists.error ? "Lists could not be loaded." : "Contacts added to it are enrolled."}
            error={errors.triggerListId}
          >
            <OptionSelect
              value={triggerListId}
              onChange={setTriggerListId}
              query={lists}
              none="None (enrol by hand or API)"
              current={sequence?.triggerListId ?? null}
            />
          </FormField>
          <FormField
            id="sequence-sender"
            label="Sender"
            hint={senders.error ? "Senders could not be loaded." : "The from-address of every step."}
            error={errors.senderId}
          >
            <OptionSelect
              value={senderId}
              onChange={setSenderId}
              query={senders}
              none="Instance default address"
              current={sequence?.senderId ?? null}
            />
          </FormField>
        </div>
        <StepsEditor
          steps={steps}
          templates={{ options: templates.data ?? [], isPending: templates.isPending, error: templates.error }}
          errors={stepErrors}
          max={MAX_STEPS}
          onChange={setSteps}
        />
        {errors.steps && <p className="text-xs text-red-600 dark:text-red-400">{errors.steps}</p>}
        <FormActions
          pending={save.isPending}
          error={save.error?.message}
          onCancel={close}
          submitLabel={sequence ? "Save" : "Create sequence"}
          pendingLabel={sequence ? "Saving…" : "Creating…"}
        />
      </form>
    </Dialog>
  );
}
