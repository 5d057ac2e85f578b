// What a mutation tells the dashboard's global error handler (components/providers.tsx), typed
// through TanStack's Register so a misspelt key fails the build.
import type { MutationMeta } from "@tanstack/react-query";

export type DashboardMutationMeta = {
  /**
   * The error is already shown where the action was taken (a dialog's ErrorBanner, a form's
   * field errors): no toast as well. Leave it out for one-click actions in a list row, whose
   * failure is only shown as an error toast with the API's message.
   */
  inlineError?: boolean;
  /** What failed, shown above the API's message in the toast, e.g. "Could not change the order". */
  errorTitle?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: DashboardMutationMeta;
  }
}

/** For mutations whose error the screen shows itself. */
export const INLINE_ERROR = { inlineError: true } as const satisfies MutationMeta;
