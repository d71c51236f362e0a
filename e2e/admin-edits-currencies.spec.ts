import { expect, type Page, test } from "@playwright/test";
import { demoUser, serviceApi } from "./support/environment";
import { openFromMainNavigation } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";
import { countToasts } from "./support/toasts";

test.describe.configure({ mode: "serial" });

type Currency = {
  currencyCode: string;
  minAmount: number;
  maxAmount: number;
  requiredCounterpartyFields: { name: string; mandatory: boolean }[];
};

async function currencies(): Promise<Currency[]> {
  const response = await serviceApi("/config");
  return ((await response.json()) as { supportedCurrencies: Currency[] }).supportedCurrencies;
}

/** The top-level items of the review's diff: each carries an Added, Removed or Changed badge. */
function diffItems(page: Page) {
  const list = page
    .getByRole("dialog", { name: "Review configuration changes" })
    .getByRole("list", { name: "Changes to save" });
  return list.getByRole("listitem").filter({ has: page.getByText(/^(Added|Removed|Changed)$/) });
}

let originalEuroMax = "";

test("an admin adds a currency with limits in major units, reviews exactly what changes, and the history records it", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await openFromMainNavigation(page, "Configuration");
  await expect(page.getByRole("heading", { name: "Configuration", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Supported currencies" });
  await expect(table).toBeVisible();
  // The save bar tells what each press of its button came to, beside that button; a toast stood over it.
  const toastsSeen = await countToasts(page);
  const saveStatus = (text: string) => page.getByRole("status").filter({ hasText: text });
  // What the provider requires of customers is shown, and nothing on the page edits it.
  await expect(page.getByRole("list", { name: "Provider-required customer fields for USD" })).toContainText(
    "Full legal name",
  );

  // Add GBP by keyboard: the code first in the ISO list, Enter picks it, focus lands on its maximum.
  await page.getByRole("button", { name: "Add currency" }).click();
  const picker = page.getByRole("dialog", { name: "Add a currency" });
  await picker.getByRole("combobox", { name: "Search by code or name" }).fill("pound");
  await expect(picker.getByRole("option", { name: /GBP\s*Pound Sterling/ })).toBeVisible();
  await expect(picker.getByRole("option", { name: /USD/ })).toHaveCount(0);
  await picker.getByRole("combobox", { name: "Search by code or name" }).fill("gbp");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(page.getByLabel("Maximum for GBP")).toBeFocused();

  // Amounts are typed in major units and read by the currency's decimals.
  await page.getByLabel("Minimum for GBP").fill("1.505");
  await page.getByLabel("Maximum for GBP").fill("25,000");
  await page.getByRole("button", { name: "Review changes" }).click();
  await expect(table.getByText("GBP has 2 decimal places")).toBeVisible();
  await expect(saveStatus("Some fields need attention: fix the highlighted fields")).toBeVisible();
  await shot(page, "config-needs-attention", { fullPage: false });
  await page.getByLabel("Minimum for GBP").fill("1.50");
  await expect(saveStatus("You have unsaved changes.")).toBeVisible();
  await expect(table.getByText("£1.50")).toBeVisible();
  await expect(table.getByText("£25,000.00")).toBeVisible();

  await page.getByRole("button", { name: "Edit counterparty fields for GBP" }).click();
  const fields = page.getByRole("dialog", { name: "Counterparty fields for GBP" });
  await fields.getByRole("radiogroup", { name: "Address" }).getByRole("radio", { name: "Optional" }).check();
  await fields
    .getByRole("radiogroup", { name: "Date of birth" })
    .getByRole("radio", { name: "Required" })
    .check();
  await shot(page, "config-counterparty-fields", { fullPage: false });
  await fields.getByRole("button", { name: "Apply" }).click();
  await expect(fields).toBeHidden();

  // GBP is only paid out, not received.
  await page.getByRole("checkbox", { name: "Receive GBP" }).click();
  await expect(page.getByRole("checkbox", { name: "Receive GBP" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Send GBP" })).toBeChecked();

  // A change to an existing currency.
  const euroMax = page.getByLabel("Maximum for EUR");
  originalEuroMax = await euroMax.inputValue();
  await euroMax.fill("6000000");
  await shot(page, "config-editing");

  await page.getByRole("button", { name: "Review changes" }).click();
  const items = diffItems(page);
  await expect(items).toHaveCount(2);
  const added = items.filter({ hasText: "Pound Sterling" });
  await expect(added).toContainText("Added");
  await expect(added).toContainText("£1.50");
  await expect(added).toContainText("£25,000.00");
  await expect(added).toContainText(
    "Full legal name (required), Date of birth (required), Address (optional); sends only.",
  );
  const changed = items.filter({ hasText: "Euro" });
  await expect(changed).toContainText("Maximum");
  await expect(changed).toContainText("€6,000,000.00");
  await shot(page, "config-review-diff", { fullPage: false });
  await page.getByRole("button", { name: "Save 2 changes" }).click();
  await expect(page.getByRole("dialog", { name: "Review configuration changes" })).toBeHidden();
  await expect(saveStatus("Configuration saved: 2 changes applied.")).toBeVisible();
  expect(await toastsSeen()).toBe(0);

  // The payment API has the exact minor units, and fills in what the provider requires for GBP.
  const saved = (await currencies()).find((currency) => currency.currencyCode === "GBP");
  expect(saved).toMatchObject({
    minAmount: 150,
    maxAmount: 2_500_000,
    requiredCounterpartyFields: [
      { name: "FULL_NAME", mandatory: true },
      { name: "BIRTH_DATE", mandatory: true },
      { name: "ADDRESS", mandatory: false },
    ],
    enabledTransactionTypes: ["OUTGOING"],
  });
  expect((await currencies()).find((currency) => currency.currencyCode === "EUR")?.maxAmount).toBe(
    600_000_000,
  );
  await expect(page.getByRole("list", { name: "Provider-required customer fields for GBP" })).toContainText(
    "Full legal name",
  );
  await expect(page.getByRole("checkbox", { name: "Receive GBP" })).not.toBeChecked();

  const latest = page.getByRole("list", { name: "Configuration changes" }).getByRole("listitem").first();
  // Who made it, by name (the email on hover), as the console names people.
  await expect(latest).toContainText(demoUser("admin").name);
  // The first change recorded lists the currencies it set; later ones show what each changed (next test).
  await expect(latest).toContainText(/Supported currencies|Added/);
  await expect(latest).toContainText("GBP");
  await shot(page, "config-saved");
});

test("an admin removes the currency again, confirms the diff, and the history shows who removed it", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await page.goto("/config");
  await page.getByRole("button", { name: "Remove GBP" }).click();
  await expect(page.getByLabel("Maximum for GBP")).toHaveCount(0);
  await page.getByLabel("Maximum for EUR").fill(originalEuroMax);
  await page.getByRole("button", { name: "Review changes" }).click();
  const items = diffItems(page);
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "Pound Sterling" })).toContainText("Removed");
  await expect(items.filter({ hasText: "Euro" })).toContainText("€6,000,000.00");

  // Keep editing returns to the form with nothing saved.
  await page.getByRole("button", { name: "Keep editing" }).click();
  expect((await currencies()).some((currency) => currency.currencyCode === "GBP")).toBe(true);
  await page.getByRole("button", { name: "Review changes" }).click();
  await page.getByRole("button", { name: "Save 2 changes" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Configuration saved: 2 changes applied." }),
  ).toBeVisible();
  // Edited again, the bar says so instead.
  await page.getByLabel("Maximum for EUR").fill("6000001");
  await expect(page.getByRole("status").filter({ hasText: "You have unsaved changes." })).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  expect((await currencies()).some((currency) => currency.currencyCode === "GBP")).toBe(false);

  const latest = page.getByRole("list", { name: "Configuration changes" }).getByRole("listitem").first();
  // Who made it, by name (the email on hover), as the console names people.
  await expect(latest).toContainText(demoUser("admin").name);
  await expect(latest).toContainText("Removed");
  await expect(latest).toContainText("GBP");
  await shot(page, "config-history");
});
