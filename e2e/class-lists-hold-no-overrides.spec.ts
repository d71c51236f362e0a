import { expect, type Page, test } from "@playwright/test";
import { twMerge } from "tailwind-merge";
import { consolePages } from "./support/console-pages";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { signInPage, switchUser } from "./support/session";

/**
 * Every class list of the page whose utilities override one another ("h-9 … h-auto"), with where it is. lib/universal/utils.ts's
 * `cn` passes a class string given alone as it is, without tailwind-merge: that holds only while no such list is
 * written, which this checks on the page as the browser has it.
 */
async function overriddenClassLists(page: Page): Promise<string[]> {
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

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

test("no class list on any page holds a utility that another in it overrides", async ({ page }) => {
  test.setTimeout(180_000);
  const customer = await createIndividualCustomer("Clase Única");
  const payment = await receiveSandboxPayment(customer.id, 4_321);
  const found: string[] = [];
  await signInPage(page, "admin");
  for (const path of consolePages(customer.id, payment.id)) {
    await open(page, path);
    found.push(...(await overriddenClassLists(page)).map((line) => `${path}: ${line}`));
  }
  // A read-only role draws the disabled and explained states; the audit log is the compliance officer's.
  await switchUser(page, "viewer");
  for (const path of [
    "/customers",
    `/customers/${encodeURIComponent(customer.id)}`,
    "/config",
    "/quotes/new",
  ]) {
    await open(page, path);
    found.push(...(await overriddenClassLists(page)).map((line) => `viewer ${path}: ${line}`));
  }
  await switchUser(page, "compliance");
  await open(page, "/audit");
  found.push(...(await overriddenClassLists(page)).map((line) => `/audit: ${line}`));
  expect(found, found.join("\n")).toEqual([]);
});
