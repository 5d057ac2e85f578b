"use client";

import { forwardRef } from "react";

type ActionButtonProps = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  /** Not usable now (its request is running, or it does not apply): clicks do nothing. */
  disabled?: boolean;
};

/**
 * A button that stays focusable while it may not be used: aria-disabled instead of the
 * disabled attribute, which would drop keyboard focus to <body> the moment a request starts
 * (or the row moves to the top and "Move up" stops applying). Screen readers still hear it
 * as unavailable, and clicks are ignored until it is usable again.
 */
export const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(function ActionButton(
  { disabled, onClick, className = "", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      {...rest}
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
      aria-disabled={disabled || undefined}
      onClick={(e) => {
        if (disabled) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
});
