import { expect, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

// The transactions list's ids are cut to their column: the whole id is the link's tooltip, and the copy button
// beside it copies the id without opening the row (components/data-table/row-tools.tsx works both for the table).
test("a list row's id shows whole in its tooltip and its copy button copies it without opening the row", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const customer = await createIndividualCustomer("Ida Copyrow");
  const payment = await receiveSandboxPayment(customer.id, 1_234);
  await signInPage(page, "admin");
  await page.goto(`/transactions?customerId=${encodeURIComponent(customer.id)}`);
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Transactions" });
  // The link's name is the id with the payment's description after it, when it has one.
  const opener = table.getByRole("link", { name: new RegExp(`^Open transaction ${payment.id}`) });
  await expect(opener).toBeVisible();
  const tooltip = page.getByRole("tooltip");

  // Pointing at the id shows it whole, and the tooltip describes the link while open.
  await opener.hover();
  await expect(tooltip).toHaveText(payment.id);
  const tooltipId = await tooltip.getAttribute("id");
  expect(tooltipId).toBeTruthy();
  await expect(opener).toHaveAttribute("aria-describedby", tooltipId ?? "");
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await expect(opener).not.toHaveAttribute("aria-describedby", /./);

  // By keyboard: the copy button after the link, its tooltip at once, Enter copies and says so.
  const copy = table.getByRole("button", { name: "Copy transaction ID" });
  await opener.focus();
  await page.keyboard.press("Tab");
  await expect(copy).toBeFocused();
  await expect(tooltip).toHaveText("Copy transaction ID");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Copied the transaction ID")).toBeVisible();
  await expect(tooltip).toHaveText("Copied");
  // The button shows it in its colour for two seconds.
  await expect(copy).toHaveAttribute("data-copied", "");
  // Announced to screen readers as well as shown.
  await expect(page.locator("[aria-live='polite']", { hasText: /^Copied$/ })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.id);
  await expect(page).toHaveURL(/\/transactions\?/);
  await page.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);
  await expect(copy).toBeFocused();
  await expect(copy).not.toHaveAttribute("data-copied");

  // A press with the pointer copies too, and the row stays where it is.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await copy.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(payment.id);
  await expect(page).toHaveURL(/\/transactions\?/);
});
