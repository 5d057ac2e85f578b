"use client";

// "Keep demo mode" on the first-run checklist: a choice of this browser, per organization,
// kept in localStorage. It only ticks the step; sending uses the demo provider whenever the
// organization has no real one, chosen or not.
import { useCallback, useSyncExternalStore } from "react";
import { announceChoice, choiceSubscriber } from "@/components/ui/browser-choice";

const CHANGED = "mailroom:demo-choice";
const storageKey = (orgId: string) => `mailroom.demo-mode.${orgId}`;
/** Where the choice lives when storage is blocked (private mode, policy): until the tab closes. */
const memory = new Map<string, boolean>();

const subscribe = choiceSubscriber(CHANGED);

function read(orgId: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(orgId)) === "1";
  } catch {
    return memory.get(orgId) ?? false;
  }
}

export function useDemoChoice(orgId: string): [chosen: boolean, choose: (chosen: boolean) => void] {
  const chosen = useSyncExternalStore(
    subscribe,
    () => read(orgId),
    () => false,
  );
  const choose = useCallback(
    (value: boolean) => {
      try {
        if (value) window.localStorage.setItem(storageKey(orgId), "1");
        else window.localStorage.removeItem(storageKey(orgId));
      } catch {
        memory.set(orgId, value);
      }
      announceChoice(CHANGED);
    },
    [orgId],
  );
  return [chosen, choose];
}
