import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** How far the focused element's box reaches under the save bar stuck to the window's bottom (0 when clear). */
function focusedUnderTheBar(page: Page): Promise<{ name: string; overlap: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const bar = document.getElementById("config-save-status")?.parentElement;
    if (!focused || !bar) return { name: "nothing", overlap: -1 };
    const box = focused.getBoundingClientRect();
    const top = bar.getBoundingClientRect().top;
    return {
      name: focused.getAttribute("aria-label") ?? focused.textContent ?? focused.tagName,
      overlap: Math.max(0, Math.round(box.bottom - top)),
    };
  });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px, a field reached by Tab scrolls clear of the save bar; removing a currency offers Undo, not the next Remove`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInPage(page, "admin");
    await page.goto("/config");
    await waitForHydration(page);
    const table = page.getByRole("table", { name: "Supported currencies" });
    await expect(table).toBeVisible();
    // From the UMA domain field down through the currencies' rows: never typing into a field hidden by the bar.
    await page.getByRole("textbox", { name: "UMA domain" }).focus();
    const seen: string[] = [];
    for (let step = 0; step < 14; step++) {
      await page.keyboard.press("Tab");
      const focused = await focusedUnderTheBar(page);
      seen.push(focused.name);
      expect(focused.overlap, `${focused.name} is under the save bar (after ${seen.join(" → ")})`).toBe(0);
    }

    // Removing a currency by keyboard: focus goes to its Undo, so a second press puts it back, removing nothing else.
    const codes = async () =>
      (await table.getByRole("button", { name: /^Remove [A-Z]{3}$/ }).allTextContents()).map((text) =>
        text.replace("Remove ", "").trim(),
      );
    const before = await codes();
    const first = before[0];
    if (!first) throw new Error("no currency to remove");
    await table.getByRole("button", { name: `Remove ${first}` }).focus();
    await page.keyboard.press("Space");
    const undo = page.getByRole("button", { name: `Undo removing ${first}` });
    await expect(undo).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `Removed ${first}` })).toBeVisible();
    expect(await codes()).toEqual(before.slice(1));
    await shot(page, `config-currency-removed-${viewport.width}`, { fullPage: false });
    await page.keyboard.press("Space");
    await expect.poll(codes).toEqual(before);
    await expect(undo).toHaveCount(0);
  });
}
