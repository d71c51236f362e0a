import { expect, type Page, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import {
  createIndividualCustomer,
  fundedUsdAccount,
  payPlatformUsd,
  receiveSandboxPayment,
} from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const searchBox = (page: Page) =>
  page.getByRole("combobox", { name: "Search by name, id, UMA address, reference or page" });
const results = (page: Page) => page.getByRole("listbox", { name: "Search results" });

async function referenceOf(transactionId: string): Promise<string> {
  const response = await serviceApi(`/transactions?limit=100`);
  const body = (await response.json()) as {
    data: { id: string; reconciliationInstructions?: { reference: string } }[];
  };
  const reference = body.data.find((item) => item.id === transactionId)?.reconciliationInstructions
    ?.reference;
  if (!reference) throw new Error(`no reference for ${transactionId}`);
  return reference;
}

test("staff find a customer and a payment by any id they were given, from anywhere, by keyboard", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await createIndividualCustomer("Inés Navarro");
  const payment = await receiveSandboxPayment(customer.id, 4_200);
  const reference = await referenceOf(payment.id);

  await signInPage(page, "viewer");

  // Ctrl+K from any page; a UMA address is found whatever its case.
  await page.keyboard.press("Control+k");
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(customer.umaAddress.toUpperCase());
  const found = results(page).getByRole("option", { name: /Inés Navarro/ });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute("aria-selected", "true");
  await shot(page, "search-uma-address", { fullPage: false });
  // ↓ and ↑ move through the choices, wrapping at the ends.
  const received = results(page).getByRole("option", { name: /Payments received into it/ });
  await page.keyboard.press("ArrowUp");
  await expect(received).toHaveAttribute("aria-selected", "true");
  await expect(found).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowDown");
  await expect(found).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${encodeURIComponent(customer.id)}$`));
  await expect(page.getByRole("heading", { name: "Inés Navarro", level: 1 })).toBeVisible();

  // "/" outside a text field, then a pasted transaction id.
  await page.locator("body").press("/");
  await expect(searchBox(page)).toBeFocused();
  // Pasted and entered at once, before the answer is back: the payment opens when it arrives.
  await searchBox(page).fill(payment.id);
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(payment.id)}$`));

  // The reconciliation reference a bank statement carries, through the button this time.
  await page.getByRole("button", { name: "Search" }).click();
  await searchBox(page).fill(reference);
  const byReference = results(page).getByRole("option", { name: /Incoming \$42\.00/ });
  await expect(byReference).toContainText(payment.id);
  // The customer by name, as the lists name them, not the platform's id for them.
  await expect(byReference).toContainText(`to Inés Navarro · ${payment.id}`);
  await expect(byReference).toContainText("Pending");
  await shot(page, "search-reference", { fullPage: false });

  // The platform's own customer id.
  await searchBox(page).fill(customer.platformCustomerId);
  await expect(results(page).getByRole("option", { name: /Inés Navarro/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  // A quote id opens the quote in the Quotes page's sheet; the payment it made is offered beside it.
  const quote = await payPlatformUsd(await fundedUsdAccount(customer.id, 10_000), 500);
  await searchBox(page).fill(quote.quoteId);
  await expect(results(page).getByRole("option", { name: /The payment this quote made/ })).toBeVisible();
  const quoteOption = results(page).getByRole("option", { name: new RegExp(quote.quoteId) });
  await expect(quoteOption).toContainText(/^\$5\.00 → \$\d/);
  await expect(quoteOption).toHaveAttribute("aria-selected", "true");
  await shot(page, "search-quote", { fullPage: false });
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(/\/quotes\?quote=Quote/);
  const sheet = page.getByRole("dialog", { name: "Quote" });
  await expect(sheet).toContainText(quote.quoteId);
  // From the quote to its payment and back: the payment's page links its quote.
  await sheet.getByRole("link", { name: "View transaction" }).click();
  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  await expect(page.getByRole("link", { name: quote.quoteId })).toBeVisible();
  await shot(page, "transaction-links-its-quote");
  await page.getByRole("link", { name: quote.quoteId }).click();
  await expect(sheet).toContainText(quote.quoteId);
  // The sheet takes focus itself as it opens (not its first control, a copy button whose tooltip would open and
  // take the first Escape): one Escape closes it.
  await expect(sheet).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  // The link that opened it was on the page left behind: focus goes to this page's content, not to its top.
  const content = page.getByRole("main");
  await expect(content).toBeFocused();
  await page.keyboard.press("Control+k");

  // An id nothing has is said so, in words; Escape closes without going anywhere and gives focus back.
  await searchBox(page).fill("Transaction:00000000-0000-0000-0000-000000000000");
  await expect(page.getByText(/No customer, transaction or quote has the identifier/)).toBeVisible();
  // Nobody has this address: said so, while its payment lists are still offered.
  await searchBox(page).fill("$nobody@nowhere.example");
  await expect(
    page.getByText("No customer, transaction or quote has the identifier “$nobody@nowhere.example”."),
  ).toBeVisible();
  await expect(results(page).getByRole("option", { name: /Payments sent from it/ })).toBeVisible();
  // Words are searched as a customer's name: nobody has this one.
  await searchBox(page).fill("Alice Example");
  await expect(page.getByText(/No customer's name or email matches “Alice Example”/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(searchBox(page)).toBeHidden();
  await expect(page).toHaveURL(/\/quotes$/);
  // Back where it was when the search opened.
  await expect(content).toBeFocused();

  // Opened from the button, it gives focus back to the button.
  await page.getByRole("button", { name: "Search" }).click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(searchBox(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
});

test("staff find a customer by name, whatever its case and accents, told apart from another of the same name", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const older = await createIndividualCustomer("Renée Kowalczyk");
  const newer = await createIndividualCustomer("Renée Kowalczyk");
  // A payment from a sandbox sender, who shares their name with it: the viewer sees that name masked.
  await receiveSandboxPayment(newer.id, 1_500);

  await signInPage(page, "viewer");
  await page.keyboard.press("Control+k");
  await searchBox(page).fill("renee KOWAL");
  const named = results(page).getByRole("option", { name: /Renée Kowalczyk/ });
  const newest = named.filter({ hasText: newer.platformCustomerId });
  // Both are found, newest first, each with the platform's id for them on its second line to tell them apart.
  await expect(newest).toHaveAttribute("aria-selected", "true");
  await expect(named.filter({ hasText: older.platformCustomerId })).toBeVisible();
  await expect(newest).toContainText(`Individual · ${newer.platformCustomerId}`);
  await shot(page, "search-customer-by-name", { fullPage: false });
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${encodeURIComponent(newer.id)}$`));
  await expect(page.getByRole("heading", { name: "Renée Kowalczyk", level: 1 })).toBeVisible();

  // The other one by keyboard: ↓ to it, Enter.
  await page.keyboard.press("Control+k");
  await searchBox(page).fill("Renée Kowalczyk");
  await expect(newest).toHaveAttribute("aria-selected", "true");
  await searchBox(page).press("ArrowDown");
  await expect(named.filter({ hasText: older.platformCustomerId })).toHaveAttribute("aria-selected", "true");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${encodeURIComponent(older.id)}$`));

  // A name the role sees masked (a sender's, which the payment's counterparty shared) finds nobody: the search
  // reads the platform's customers as the customers pages show them, never what a counterparty shared.
  await page.keyboard.press("Control+k");
  await searchBox(page).fill("Alex Sandbox Rivera");
  await expect(page.getByText(/No customer's name or email matches “Alex Sandbox Rivera”/)).toBeVisible();
});

test("pages are found by name, and only the ones the role may open", async ({ page }) => {
  await signInPage(page, "viewer");
  await page.getByRole("button", { name: "Search" }).click();
  // Before anything is typed, every area is a choice.
  await expect(results(page).getByRole("option", { name: /Transactions/ })).toBeVisible();
  await shot(page, "search-open", { fullPage: false });
  // An area the role cannot open is listed, disabled, with the reason; Enter on it goes nowhere.
  await searchBox(page).fill("audit");
  const audit = results(page).getByRole("option", { name: /Audit log/ });
  await expect(audit).toHaveAttribute("aria-disabled", "true");
  await expect(audit).toContainText("Only compliance officers and admins read the audit log.");
  await searchBox(page).press("Enter");
  await expect(searchBox(page)).toBeVisible();
  await shot(page, "search-refused-page", { fullPage: false });
  await searchBox(page).fill("settings");
  await expect(results(page).getByRole("option", { name: /Configuration/ })).toBeVisible();
  await searchBox(page).fill("team");
  await searchBox(page).press("Enter");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();

  // Typing "/" in a field types it; the search stays shut.
  await page.goto("/customers");
  const filter = page.getByRole("searchbox", { name: "Platform customer id" });
  await filter.fill("a/b");
  await expect(filter).toHaveValue("a/b");
  await expect(searchBox(page)).toBeHidden();
});

test("a role that may open an area finds it enabled and opens it", async ({ page }) => {
  await signInPage(page, "compliance");
  await page.keyboard.press("Control+k");
  await searchBox(page).fill("audit");
  await expect(results(page).getByRole("option", { name: /Audit log/ })).not.toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await searchBox(page).press("Enter");
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
});
