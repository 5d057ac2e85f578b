"use client";
// The rule editor's small labelled inputs: a label, the control, and under it its problem or,
// when there is none, its hint.

export const smallLabel = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

/** What the control is described by: its problem, or else its hint. */
export const describedBy = (id: string, error?: string, hint?: React.ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** The label, the control (given the ids of describedBy) and the problem or hint under it. */
export function SmallFieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={smallLabel}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** A text input, or a textarea when multiline. */
export function SmallField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  disabled: boolean;
  multiline?: boolean;
}) {
  const { id, label, value, onChange, error, hint, placeholder, disabled, multiline } = props;
  const shared = {
    id,
    value,
    placeholder,
    disabled,
    spellCheck: false,
    autoComplete: "off",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error, hint),
  } as const;
  return (
    <SmallFieldFrame id={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea {...shared} className="input mt-1 h-20 font-mono text-xs" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...shared} className="input mt-1" onChange={(e) => onChange(e.target.value)} />
      )}
    </SmallFieldFrame>
  );
}
