import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { consolePages } from "./support/console-pages";
import { type Role, serviceApi } from "./support/environment";
import { receiveSandboxPayment } from "./support/fixtures";
import { collectHydrationErrors } from "./support/hydration";
import { signInPage, switchUser } from "./support/session";

/**
 * Opens a page and waits until it has hydrated and its data has arrived: the heading is shown, the shell's theme
 * switch says whether it is pressed (it does only once hydrated), and nothing is still loading.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const themeSwitch = page.getByRole("button", { name: "Dark mode" });
  if ((await themeSwitch.count()) > 0)
    await expect(themeSwitch).toHaveAttribute("aria-pressed", /^(true|false)$/);
  // Data that arrives after hydration is rendered by the browser alone: it cannot mismatch, so no wait for the
  // network to fall quiet (half a second a page, four roles over twenty pages).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A customer whose countries are ones Node's ICU and the browser name differently (Hong Kong, Palestine). */
async function customerWithNamesThatDiffer(): Promise<{ id: string }> {
  const response = await serviceApi("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `e2e-${randomUUID().slice(0, 8)}`,
      customerType: "INDIVIDUAL",
      fullName: "Hydration Check Wong",
      birthDate: "1990-04-02",
      nationality: "HK",
      address: { line1: "1 Queen's Road", city: "Ramallah", postalCode: "00000", country: "PS" },
    },
  });
  if (response.status !== 201)
    throw new Error(`customer not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

// An admin's pages are each opened once by the accessibility spec, which checks them for hydration errors as it
// audits them; here every page for the other roles, and an admin's pages that name this customer's countries.
const ROLES: readonly Role[] = ["compliance", "developer", "viewer"];

test("every page hydrates without a hydration error, for every role", async ({ page }) => {
  test.setTimeout(600_000);
  const customer = await customerWithNamesThatDiffer();
  const payment = await receiveSandboxPayment(customer.id, 2_345);
  const pages = [...consolePages(customer.id, payment.id), "/tokens", "/audit"];
  const errors = collectHydrationErrors(page);

  await open(page, "/login");
  await signInPage(page, "admin");
  for (const path of pages.filter((path) => path.includes("%3A")))
    await test.step(`admin opens ${path}`, () => open(page, path));
  for (const role of ROLES) {
    await switchUser(page, role);
    for (const path of pages) await test.step(`${role} opens ${path}`, () => open(page, path));
  }

  expect(errors, errors.join("\n")).toEqual([]);
});
