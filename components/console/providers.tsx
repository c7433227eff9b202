"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiRequestError } from "@/lib/console/api-errors";
import { signInHref } from "@/lib/console/auth/sign-in-href";
import { makeQueryClient } from "@/lib/queries/query-client";

/** A 401 from the BFF means the session (or its API grant) ended: sign in again, then come back. */
function onApiError(error: unknown) {
  if (error instanceof ApiRequestError && error.status === 401) {
    window.location.assign(signInHref(`${window.location.pathname}${window.location.search}`, { expired: true }));
  }
}

/** The console's client providers: one QueryClient per browser tab. */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => makeQueryClient({ onError: onApiError }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
