"use client";

import { useId } from "react";

/**
 * The page's main button, or when the signed-in role may not use it, the same button
 * disabled with the reason beside it. The server refuses anyway; this only saves a trip.
 */
export function RestrictedAction({
  allowed,
  reason,
  onClick,
  children,
}: {
  allowed: boolean;
  reason: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  const reasonId = useId();
  return (
    <>
      <button type="button" className="btn-primary" onClick={onClick} disabled={!allowed} aria-describedby={allowed ? undefined : reasonId}>
        {children}
      </button>
      {!allowed && (
        <p id={reasonId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {reason}
        </p>
      )}
    </>
  );
}
