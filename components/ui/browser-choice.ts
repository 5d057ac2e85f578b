"use client";
// A choice this browser remembers in localStorage, read with useSyncExternalStore: every tab
// hears of a change (the storage event from other tabs, an event of its own from this one).

/** A subscribe function for useSyncExternalStore that hears of changes to the choice `event` names. */
export const choiceSubscriber = (event: string) => (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  window.addEventListener(event, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(event, onChange);
  };
};

/** Tells this tab's readers that the choice `event` names changed. */
export const announceChoice = (event: string) => window.dispatchEvent(new Event(event));
