"use client";

import { useEffect, useState } from "react";

/** Copies text to the clipboard and says so (visibly and to screen readers) for two seconds. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // Clipboard access needs a secure context; the text stays selectable by hand.
      setState("failed");
    }
  }

  return (
    <button type="button" className="btn-secondary shrink-0" onClick={copy}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed — select it" : label}</span>
    </button>
  );
}
