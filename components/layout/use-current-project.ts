"use client";

// The dashboard's current project: a choice remembered in this browser (localStorage), shared
// by every tab through the storage event. Null means all projects. The pages that honour it
// (the overview's activity, the messages log and the audit log) read it here; the switcher in the header says
// which they are. A remembered id that is not one of the organization's projects (another
// organization's, or a deleted one) counts as no choice.
import { useCallback, useSyncExternalStore } from "react";
import { useProjects } from "@/hooks/projects";
import { announceChoice, choiceSubscriber } from "@/components/ui/browser-choice";

const KEY = "mailroom.currentProject";
const CHANGED = "mailroom:current-project";

const subscribe = choiceSubscriber(CHANGED);

const read = () => {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage refused (private mode, policy): no remembered choice
  }
};

export function setCurrentProject(id: string | null) {
  try {
    if (id) window.localStorage.setItem(KEY, id);
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice cannot be kept, and the pages stay on all projects
  }
  announceChoice(CHANGED);
}

/** The current project's id (null: all projects), checked against the organization's projects. */
export function useCurrentProject(): [string | null, (id: string | null) => void] {
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const projects = useProjects();
  const id = stored && projects.data?.some((p) => p.id === stored) ? stored : null;
  return [id, useCallback((next: string | null) => setCurrentProject(next), [])];
}
