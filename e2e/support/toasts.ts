import type { Page } from "@playwright/test";

type Window = { e2eToastsSeen?: { toasts: number } };

/**
 * Counts every toast the page adds from now on (sonner's `[data-sonner-toast]`), including ones already gone by
 * the time the count is read; the returned function reads the count. For pages that tell their own results in
 * place: a toast there would stand over the next button a person presses, and take the click.
 */
export async function countToasts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const seen = { toasts: 0 };
    Object.assign(window, { e2eToastsSeen: seen });
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          const toast = "[data-sonner-toast]";
          if (node instanceof Element && (node.matches(toast) || node.querySelector(toast))) seen.toasts++;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as Window).e2eToastsSeen?.toasts ?? -1);
}
