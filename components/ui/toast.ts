import type { ExternalToast } from "sonner";

/*
 * Toasts, with sonner loaded only when the first one is shown (and by the toaster, after the page is interactive)
 * rather than in every page's first load. Sonner replays toasts created before its <Toaster> subscribed, so none
 * is lost while either is still loading.
 */

type Kind = "success" | "error" | "info";

function show(kind: Kind, message: string, options?: ExternalToast): void {
  void import("sonner").then(({ toast }) => {
    toast[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
};
