"use client";

import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import "@/hooks/mutation-meta";
import { toast, Toaster } from "@/components/ui/toast";

/**
 * One QueryClient for the dashboard. A failed change shows the API's message as an error
 * toast, unless the mutation says (meta.inlineError) that its screen shows the error itself.
 */
function makeClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 10_000, retry: 1 } },
    mutationCache: new MutationCache({
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
