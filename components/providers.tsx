"use client";

import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import "@/hooks/mutation-meta";
import { toast, Toaster } from "@/components/ui/toast";

/**
 * One QueryClient for the dashboard, which raises the mutations' toasts: a change made shows
 * the text its meta.successToast gives (hooks/mutation-meta.ts); a failed change shows the
 * API's message as an error toast, unless the mutation says (meta.inlineError) that its
 * screen shows the error itself. Hooks never import the toasts.
 */
function makeClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 10_000, retry: 1 } },
    mutationCache: new MutationCache({
      // Runs before the mutation's own onSuccess (its cache updates and refetches).
      onSuccess: (data, variables, _onMutateResult, mutation) => {
        const text = mutation.meta?.successToast;
        if (text) toast.success(text(data, variables));
      },
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (mutation.meta?.inlineError) return;
        toast.error(error.message, { title: mutation.meta?.errorTitle });
      },
    }),
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
