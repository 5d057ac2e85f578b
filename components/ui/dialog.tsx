"use client";

// A modal on the native <dialog>: showModal() makes the page behind it inert, traps Tab
// focus, closes on Escape and returns focus to the opener, without a focus-trap library.
// When the opener is gone by then (the row it was in was deleted), focus goes to the heading
// of the list it was in instead of falling to <body>.
import { useEffect, useId, useRef } from "react";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  /** false while a request is in flight, so Escape cannot drop a half-finished action. */
  dismissible?: boolean;
  /** Where focus goes on close if the opener is gone; by default the heading above the opener's list. */
  returnFocus?: () => HTMLElement | null;
  size?: "sm" | "md" | "lg";
  children: React.ReactNode;
}

const WIDTHS = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

export function Dialog({ open, onClose, title, description, dismissible = true, size = "md", returnFocus, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Where focus goes on close should the opener have gone, worked out while it is still there.
  const fallback = useRef<(() => HTMLElement | null) | null>(null);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const heading = headingBefore(document.activeElement);
      fallback.current = () => returnFocusRef.current?.() ?? heading;
      dialog.showModal();
      // React does not render the autofocus attribute, so pick the intended field by hand.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const target = fallback.current;
      fallback.current = null;
      // The browser has put focus back on the opener; if that was removed, nothing has it.
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const element = target?.();
        if (!element?.isConnected) return;
        if (!element.matches("a[href], button, input, select, textarea, [tabindex]")) element.setAttribute("tabindex", "-1");
        element.focus();
      });
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(e) => {
        if (!dismissible) e.preventDefault();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${WIDTHS[size]} overflow-y-auto rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </div>
          )}
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/**
 * The heading a list starts under: the last h1–h3 before the list (or row) that holds
 * `opener`, outside it. On a list page, the page's title; in a section, the section's.
 */
function headingBefore(opener: Element | null): HTMLElement | null {
  if (!opener || opener === document.body) return null;
  const container = opener.closest("ul, ol") ?? opener.closest("section") ?? opener;
  const headings = [...document.querySelectorAll<HTMLElement>("main h1, main h2, main h3")].filter(
    (h) => !container.contains(h) && h.compareDocumentPosition(container) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  return headings.at(-1) ?? document.querySelector<HTMLElement>("main h1");
}

/** The row of buttons at the foot of a dialog; stacks on phones with the main action on top. */
export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
