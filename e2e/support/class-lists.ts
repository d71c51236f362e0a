import type { Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/**
 * Every class list of the page whose utilities override one another ("h-9 … h-auto"), with where it is. lib/universal/utils.ts's
 * `cn` passes a class string given alone as it is, without tailwind-merge: that holds only while no such list is
 * written, which this checks on the page as the browser has it.
 */
export async function overriddenClassLists(page: Page): Promise<string[]> {
  const lists = await page.evaluate(() => {
    const seen = new Map<string, string>();
    for (const element of document.querySelectorAll("[class]")) {
      const classes = element.getAttribute("class") ?? "";
      if (!seen.has(classes))
        seen.set(
          classes,
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40) ?? ""}"`,
        );
    }
    return [...seen];
  });
  return lists
    .filter(([classes]) => twMerge(classes) !== classes.trim().split(/\s+/).join(" "))
    .map(([classes, where]) => `${where}: "${classes}" → "${twMerge(classes)}"`);
}
