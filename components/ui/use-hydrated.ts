"use client";
// False while the server's HTML is on screen without its scripts (and during hydration), true
// once React runs the page: a form that needs its script to submit (a fetch, not a post) keeps
// its button disabled until then, so an early click is not a native post that loses the input.
import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

export const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
