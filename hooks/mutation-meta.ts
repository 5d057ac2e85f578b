// What a mutation tells the dashboard's one QueryClient (components/providers.tsx), which raises
// its toasts: typed through TanStack's Register so a misspelt key fails the build.
import type { MutationMeta } from "@tanstack/react-query";

/** The success notice's text, from the answer and what the mutation was called with. */
type SuccessText = (data: unknown, variables: unknown) => string;

export type DashboardMutationMeta = {
  /**
   * The error is already shown where the action was taken (a dialog's ErrorBanner, a form's
   * field errors): no toast as well. Leave it out for one-click actions in a list row, whose
   * failure is only shown as an error toast with the API's message.
   */
  inlineError?: boolean;
  /** What failed, shown above the API's message in the toast, e.g. "Could not change the order". */
  errorTitle?: string;
  /** Set with successToast(): a success toast once the change is made. Without it, none. */
  successToast?: SuccessText;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: DashboardMutationMeta;
  }
}

/** For mutations whose error the screen shows itself. */
export const INLINE_ERROR = { inlineError: true } as const satisfies MutationMeta;

/**
 * The meta of a mutation that says what it did as a success toast, e.g.
 * `meta: { ...INLINE_ERROR, ...successToast((c: Contact) => `Contact saved: ${c.email}`) }`.
 * The parameters' types are the mutation's answer and variables.
 */
export function successToast<TData, TVariables = unknown>(text: (data: TData, variables: TVariables) => string) {
  return { successToast: text as SuccessText } satisfies MutationMeta;
}
