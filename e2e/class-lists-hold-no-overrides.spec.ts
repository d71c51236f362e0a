import { expect, type Page, test } from "@playwright/test";
import { overriddenClassLists } from "./support/class-lists";
import { createIndividualCustomer } from "./support/fixtures";
import { signInPage } from "./support/session";

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

// Every page an admin opens is checked by the accessibility spec as it audits it (one visit each); here the pages a
// read-only role draws in their disabled and explained states.
test("no class list on a read-only person's pages holds a utility that another in it overrides", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Clase Única");
  const found: string[] = [];
  await signInPage(page, "viewer");
  for (const path of [
    "/customers",
    `/customers/${encodeURIComponent(customer.id)}`,
    "/config",
    "/quotes/new",
  ]) {
    await open(page, path);
    found.push(...(await overriddenClassLists(page)).map((line) => `viewer ${path}: ${line}`));
  }
  expect(found, found.join("\n")).toEqual([]);
});
