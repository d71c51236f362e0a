import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

/**
 * The theme: loading a page leaves the document's styles alone (next-themes once inserted and removed a
 * "no transitions" stylesheet on every load, each a style recalculation of the whole page); switching from the top
 * bar changes the page at once, with no colour transition running, and the choice holds after a reload.
 */
test("the theme switches at once from the keyboard and holds after a reload, and loading a page inserts no stylesheet turning transitions off", async ({
  page,
}) => {
  await page.addInitScript({
    // Counts stylesheets that turn transitions off, as next-themes' disableTransitionOnChange inserted.
    content: `window.__stylesAdded = 0;
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node.nodeName === "STYLE" && node.textContent.startsWith("*,*::before,*::after{") && node.textContent.includes("transition:none")) window.__stylesAdded++;
      }).observe(document, { childList: true, subtree: true });`,
  });
  await page.emulateMedia({ colorScheme: "light" });
  await signInPage(page, "admin");
  await page.goto("/transactions");
  await waitForHydration(page);
  const html = page.locator("html");
  await expect(html).toHaveClass(/\blight\b/);

  const toggle = page.getByRole("button", { name: "Dark mode" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.focus();
  // Whatever focusing started has finished before the switch is watched.
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  await page.evaluate(() => {
    const state = window as unknown as { __transitions: number };
    state.__transitions = 0;
    // Colour transitions only: a list that refreshes its data meanwhile dims with an opacity transition of its own
    // (the table's refetch at page load, seen landing on the switch), which is not the theme's doing.
    document.addEventListener("transitionrun", (event) => {
      if (/color|fill|stroke|shadow|^background|^border/.test((event as TransitionEvent).propertyName)) {
        state.__transitions++;
      }
    });
  });
  await page.keyboard.press("Enter");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(html).not.toHaveClass(/theme-switching/);
  // Two frames after transitions are back on, nothing is running and nothing ran.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => (window as unknown as { __transitions: number }).__transitions)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __stylesAdded: number }).__stylesAdded)).toBe(0);

  await page.reload();
  await waitForHydration(page);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Dark mode" })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => (window as unknown as { __stylesAdded: number }).__stylesAdded)).toBe(0);
});
