"use client";

/**
 * A row's button (Edit, Delete, Remove…): `label` shown, `about` (which row) read after it by
 * screen readers only. When the signed-in role may not use it (`allowed` false) it is disabled
 * and described by the page's reason (`reasonId`, the RestrictedAction beside the list).
 */
export function RowAction({
  label,
  about,
  onClick,
  allowed = true,
  disabled = false,
  reasonId,
  className = "",
}: {
  label: string;
  about: string;
  onClick: () => void;
  allowed?: boolean;
  /** Not usable for another reason (a request under way). */
  disabled?: boolean;
  reasonId?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`btn-secondary py-1.5 ${className}`}
      onClick={onClick}
      disabled={!allowed || disabled}
      aria-describedby={allowed ? undefined : reasonId}
    >
      {label}
      <span className="sr-only"> {about}</span>
    </button>
  );
}
