"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type * as React from "react";
import { useEffect } from "react";
import { isRetryableError } from "@/components/ui/error-details";

// The toaster (sonner) loads once the page is interactive, not as part of every page's first load; toasts shown
// before it is there are replayed when it subscribes.
const ThemedToaster = dynamic(() => import("@/components/ui/toaster"), { ssr: false });

const MAX_RETRIES = 3;

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        // A 4xx answer is the same the second time; only a lost connection or a server failure is worth repeating.
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryableError(error),
      },
      mutations: {
        // Repeating a payment or an approval is never automatic.
        retry: false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

// One client for the whole browser session, so the cache survives navigations; on the server a fresh one per
// request, so no request ever sees another's data.
function getQueryClient() {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  const queryClient = getQueryClient();
  // Every component's handlers are attached once this runs (a parent's effects run after its children's): the
  // buttons that waited for it, dimmed by app/globals.css, are ready.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    // No `disableTransitionOnChange`: next-themes applies the theme again as it mounts, on every page load, and with
    // that option each application inserted and then removed a stylesheet (`* { transition: none }`), each a style
    // recalculation of the whole document (86 and 103 ms of a 4x-throttled transactions list, after hydration). The
    // theme toggle turns transitions off itself, only when a person switches (components/shell/theme-toggle.tsx).
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        <NuqsAdapter>
          {children}
          <ThemedToaster />
        </NuqsAdapter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
