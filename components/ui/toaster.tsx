"use client";

import { useTheme } from "next-themes";
import { Toaster } from "sonner";

/** The toasts' region; loaded on demand by app/providers.tsx. */
export default function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster richColors closeButton theme={resolvedTheme === "dark" ? "dark" : "light"} />;
}
