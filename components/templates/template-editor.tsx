"use client";

import type { Draft, DraftErrors, VariableRow } from "@/components/templates/template-draft";
import { FormField } from "@/components/ui/form-field";
import { VariablesTable } from "@/components/templates/variables-table";

interface TemplateEditorProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: DraftErrors;
  /** Viewers read the fields but cannot change them. */
  readOnly: boolean;
}

/** Name, subject, HTML and text bodies (Handlebars) and the variables they take. */
export function TemplateEditor({ draft, onChange, errors, readOnly }: TemplateEditorProps) {
  const set = (field: "name" | "subject" | "html" | "text") => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...draft, [field]: e.target.value });
  const setVariables = (variables: VariableRow[]) => onChange({ ...draft, variables });
  const e = errors.fields;

  return (
    <div className="space-y-4">
      <FormField id="template-name" label="Name" hint="Unique in your organization; only you and your team see it." error={e.name}>
        <input
          className="input"
          value={draft.name}
          onChange={set("name")}
          readOnly={readOnly}
          maxLength={200}
          autoComplete="off"
          placeholder={readOnly ? undefined : "Welcome email"}
        />
      </FormField>
      <FormField id="template-subject" label="Subject" error={e.subject}>
        <input
          className="input"
          value={draft.subject}
          onChange={set("subject")}
          readOnly={readOnly}
          maxLength={998}
          autoComplete="off"
          placeholder={readOnly ? undefined : "Welcome, {{firstName}}"}
        />
      </FormField>
      <FormField
        id="template-html"
        label="HTML body"
        hint={
          <>
            <code className="font-mono">{"{{name}}"}</code> is HTML-escaped; <code className="font-mono">{"{{{name}}}"}</code> inserts it as
            is. Blocks: if, unless, each, with.
          </>
        }
        error={e.html}
      >
        <textarea
          className="input min-h-48 font-mono text-xs"
          value={draft.html}
          onChange={set("html")}
          readOnly={readOnly}
          spellCheck={false}
          placeholder={readOnly ? undefined : "<p>Hi {{firstName}},</p>"}
        />
      </FormField>
      <FormField id="template-text" label="Text body" hint="Not escaped. Leave it blank to derive it from the HTML." error={e.text}>
        <textarea
          className="input min-h-28 font-mono text-xs"
          value={draft.text}
          onChange={set("text")}
          readOnly={readOnly}
          spellCheck={false}
          placeholder={readOnly ? undefined : "Hi {{firstName}},"}
        />
      </FormField>
      <VariablesTable rows={draft.variables} onChange={setVariables} errors={errors.rows} error={e.variables} readOnly={readOnly} />
    </div>
  );
}
