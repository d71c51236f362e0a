import type { Page } from "@playwright/test";

// React's hydration errors, as the production build writes them (minified: "Minified React error #418; visit
// https://react.dev/errors/418…") and as the development build does. #418: text differs, #423: the root was
// rendered again on the client after an error while hydrating, #425: text content does not match.
const HYDRATION_ERROR = /(?:#|errors\/)(?:418|423|425)\b|Hydration failed|did not match|hydration mismatch/i;

/** Every hydration error the page reports from now on, from its console and its uncaught errors, with the page it was on. */
export function collectHydrationErrors(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (HYDRATION_ERROR.test(message.text()))
      found.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    const text = `${error.message}\n${error.stack ?? ""}`;
    if (HYDRATION_ERROR.test(text)) found.push(`${new URL(page.url()).pathname}: ${error.message}`);
  });
  return found;
}
