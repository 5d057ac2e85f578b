"use client";
// Short-lived notices for one-click actions: "Provider disabled", or the API's message when
// one fails. A tiny store (no context, so the dashboard's QueryClient can raise them from its
// mutation handlers) and one <Toaster/>, rendered once by the dashboard's providers. The two
// live regions are always in the page, so assistive technology announces what is added to
// them: successes politely (role="status"), errors at once (role="alert").
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type ToastKind = "success" | "error";

export interface Toast {
  id: number;
  kind: ToastKind;
  /** What happened or failed, e.g. "Could not change the order"; optional. */
  title?: string;
  message: string;
  /** Bumped when the same notice is raised again: its timer starts over. */
  version: number;
}

/** How long a notice stays unless the pointer or focus is on the notices. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 6_000, error: 10_000 };
/** More than this and the oldest go, so the stack never covers the page. */
const MAX_TOASTS = 4;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: Toast[] = [];

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function push(kind: ToastKind, message: string, title?: string): number {
  // The same notice twice (a button pressed again) restarts the first one rather than stacking.
  const same = toasts.find((t) => t.kind === kind && t.message === message && t.title === title);
  if (same) {
    emit(toasts.map((t) => (t === same ? { ...t, version: t.version + 1 } : t)));
    return same.id;
  }
  const id = nextId++;
  emit([...toasts, { id, kind, message, title, version: 0 }].slice(-MAX_TOASTS));
  return id;
}

export const toast = {
  success: (message: string, options: { title?: string } = {}) => push("success", message, options.title),
  error: (message: string, options: { title?: string } = {}) => push("error", message, options.title),
  dismiss: (id: number) => emit(toasts.filter((t) => t.id !== id)),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The notices, stacked bottom-right on wider screens and across the bottom on phones. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  // Paused while the pointer is over the notices or focus is in them: nothing goes away mid-read.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  const successes = list.filter((t) => t.kind === "success");
  const errors = list.filter((t) => t.kind === "error");

  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 sm:p-0"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Never display:none, even when empty: a region must be in the page before what it announces. */}
      <div role="alert" aria-live="assertive" className="flex flex-col gap-2">
        {errors.map((t) => (
          <ToastItem key={t.id} toast={t} paused={paused} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-2 not-empty:mt-2">
        {successes.map((t) => (
          <ToastItem key={t.id} toast={t} paused={paused} />
        ))}
      </div>
    </section>
  );
}

const STYLES: Record<ToastKind, { box: string; icon: string; symbol: string }> = {
  success: {
    box: "border-green-200 bg-white text-zinc-900 dark:border-green-900 dark:bg-zinc-900 dark:text-zinc-100",
    icon: "bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300",
    symbol: "✓",
  },
  error: {
    box: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
    icon: "bg-red-100 text-red-700 dark:bg-red-900 dark:text-red-200",
    symbol: "!",
  },
};

function ToastItem({ toast: t, paused }: { toast: Toast; paused: boolean }) {
  const remaining = useRef(TOAST_DURATION_MS[t.kind]);
  const style = STYLES[t.kind];

  // Raised again: the full time again.
  useEffect(() => {
    remaining.current = TOAST_DURATION_MS[t.kind];
  }, [t.version, t.kind]);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(t.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1_000, remaining.current - (Date.now() - started));
    };
  }, [paused, t.id, t.version]);

  return (
    <div
      data-testid="toast"
      data-kind={t.kind}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-3 py-3 text-sm shadow-lg ${style.box}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${style.icon}`}
      >
        {style.symbol}
      </span>
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        {t.title && <span className="block font-medium">{t.title}</span>}
        <span className={t.title ? "block opacity-90" : undefined}>{t.message}</span>
      </p>
      <button
        type="button"
        className="-m-1 shrink-0 rounded p-1 leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        onClick={(e) => {
          // Keep keyboard focus among the notices rather than dropping it to <body>.
          const buttons = [...(e.currentTarget.closest("section")?.querySelectorAll<HTMLButtonElement>("button[data-dismiss]") ?? [])];
          const i = buttons.indexOf(e.currentTarget);
          toast.dismiss(t.id);
          (buttons[i + 1] ?? buttons[i - 1])?.focus();
        }}
        data-dismiss
        aria-label="Dismiss notification"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
