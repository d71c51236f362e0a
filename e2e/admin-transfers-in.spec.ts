import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { balanceOf, createIndividualCustomer } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("an admin funds a customer's USD account by a transfer in typed in dollars", async ({ page }) => {
  const customer = await createIndividualCustomer("Diego Ramírez");
  const external = await serviceApi("/customers/external-accounts", {
    method: "POST",
    json: {
      customerId: customer.id,
      currency: "USD",
      accountInfo: {
        accountType: "US_ACCOUNT",
        accountNumber: "000987654321",
        routingNumber: "021000021",
        accountCategory: "CHECKING",
        bankName: "Chase",
      },
    },
  });
  expect(external.status).toBe(201);

  await signInPage(page, "admin");
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  const usd = page.getByRole("table", { name: "Balances" }).getByRole("row", { name: /USD/ });
  await expect(usd).toContainText("$0.00");
  await usd.getByRole("button", { name: "Transfer with the USD account" }).click();

  const dialog = page.getByRole("dialog", { name: "Transfer with Diego Ramírez's USD account" });
  await expect(dialog.getByRole("radio", { name: /Transfer in/ })).toBeChecked();
  await dialog.getByRole("combobox", { name: "From bank account" }).click();
  await page.getByRole("option", { name: "Chase · US account •••• 4321" }).click();

  const amount = dialog.getByLabel("Amount in USD");
  await amount.fill("1,234.567");
  await dialog.getByRole("button", { name: "Review transfer" }).click();
  await expect(dialog.getByText("USD amounts have at most 2 decimal places")).toBeVisible();
  // 0.29 dollars is 29 cents exactly, where floating point would make it 28.999…
  await amount.fill("1234.29");
  await amount.blur();
  await expect(amount).toHaveValue("1234.29");
  await shot(page, "transfer-in-form", { fullPage: false });
  await dialog.getByRole("button", { name: "Review transfer" }).click();

  const review = page.getByRole("dialog", { name: "Review the transfer" });
  await expect(review.getByText("$1,234.29")).toBeVisible();
  await expect(review.getByText("Chase · US account •••• 4321")).toBeVisible();
  // The account the money goes into, by its owner and currency; its id secondary, to copy.
  await expect(review.getByText("Diego Ramírez's USD account", { exact: true })).toBeVisible();
  await expect(review.getByRole("button", { name: "Copy internal account id" })).toBeVisible();
  await shot(page, "transfer-in-review", { fullPage: false });
  await review.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText("Transfer in of $1,234.29 completed")).toBeVisible();

  await expect(usd).toContainText("$1,234.29");
  expect(await balanceOf(customer.id, "USD")).toBe(123_429);
  const transactions = page.getByRole("table", { name: "Recent transactions" });
  await expect(transactions.getByRole("row").nth(1)).toContainText("+$1,234.29");
  await expect(transactions.getByRole("row").nth(1)).toContainText("Completed");
  await shot(page, "transfer-in-done");

  // And back out, typed the same way: the balance drops by exactly what was typed.
  await usd.getByRole("button", { name: "Transfer with the USD account" }).click();
  await dialog.getByRole("radio", { name: /Transfer out/ }).check();
  await dialog.getByRole("combobox", { name: "To bank account" }).click();
  await page.getByRole("option", { name: "Chase · US account •••• 4321" }).click();
  await dialog.getByLabel("Amount in USD").fill("1234.30");
  await dialog.getByRole("button", { name: "Review transfer" }).click();
  await expect(dialog.getByText("More than the balance, $1,234.29")).toBeVisible();
  await dialog.getByLabel("Amount in USD").fill("34.29");
  await dialog.getByRole("button", { name: "Review transfer" }).click();
  await review.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByText("Transfer out of $34.29 completed")).toBeVisible();
  await expect(usd).toContainText("$1,200.00");
  expect(await balanceOf(customer.id, "USD")).toBe(120_000);

  // The accounts page shows the same balance among the customers' accounts.
  await page.goto(`/accounts?tab=customers&customerId=${encodeURIComponent(customer.id)}&currency=USD`);
  const row = page.getByRole("table", { name: "Customer accounts" }).getByRole("row").nth(1);
  await expect(page.getByRole("combobox", { name: "Currency" })).toHaveValue("USD");
  await expect(page.getByRole("group", { name: "Customer", exact: true })).toContainText("Diego Ramírez");
  await expect(page.getByRole("table", { name: "Customer accounts" }).getByRole("row")).toHaveCount(2);
  await expect(row).toContainText("$1,200.00");
  await expect(row).toContainText("Diego Ramírez");
  await shot(page, "accounts-customers");
});

test("the platform's accounts show balances and funding instructions with a copyable reference", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInPage(page, "admin");
  await page.goto("/accounts");
  const usd = page.getByRole("region", { name: /^USD/ });
  await expect(usd.getByText("Sandbox Bank N.A.")).toBeVisible();
  await expect(usd.getByText("021000021")).toBeVisible();
  await usd.getByRole("button", { name: /Copy USD funding reference/ }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^\S+$/);
  await expect(usd.getByText(copied, { exact: true })).toBeVisible();
  await shot(page, "accounts-platform");
});
