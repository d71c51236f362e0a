import { expect, test } from "@playwright/test";
import { type SupportedCurrency, setSupportedCurrencies, supportedCurrencies } from "./support/currencies";
import { openFromMainNavigation } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

let original: SupportedCurrency[] = [];
const RETIRED = "MXN";
const REASON = "MXN is no longer in the platform's supported currencies";

test.beforeAll(async () => {
  original = await supportedCurrencies();
  expect(original.map((entry) => entry.currencyCode)).toContain(RETIRED);
  // The platform stops supporting MXN; its accounts (and their balances) remain in the payment API.
  await setSupportedCurrencies(original.filter((entry) => entry.currencyCode !== RETIRED));
});

test.afterAll(async () => {
  if (original.length > 0) await setSupportedCurrencies(original);
});

test("a removed currency is shown as retired where balances are, and is not offered for new payments", async ({
  page,
}) => {
  // Several pages and a configuration change: slower than one page on a loaded machine.
  test.slow();
  await signInPage(page, "admin");

  // Overview: MXN's balances stay, marked retired with the reason.
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const balances = page.getByRole("table", { name: "Balances per currency" });
  const mxnRow = balances.getByRole("row").filter({ hasText: RETIRED });
  await expect(mxnRow).toContainText("Retired");
  await expect(mxnRow).toContainText(REASON);
  await expect(balances.getByRole("row").filter({ hasText: "USD" })).not.toContainText("Retired");
  await shot(page, "overview-retired-currency");
  // The tooltip says it too.
  await mxnRow.getByText("Retired").hover();
  await expect(page.getByRole("tooltip")).toContainText(REASON);

  // Accounts: the platform's MXN account is still listed, marked retired; it cannot be funded.
  await openFromMainNavigation(page, "Accounts");
  const mxnCard = page.getByRole("region", { name: /^MXN/ });
  await expect(mxnCard).toContainText("Retired");
  // No invitation to pay new money in: the funding instructions give way to the reason.
  await expect(mxnCard).toContainText(REASON);
  await expect(mxnCard.getByText("Reference (memo)")).toHaveCount(0);
  await expect(mxnCard.getByRole("button", { name: "Fund" })).toBeDisabled();
  // What is left in it may be transferred out to a bank account; nothing is transferred in.
  await mxnCard.getByRole("button", { name: /^Transfer/ }).click();
  const transfer = page.getByRole("dialog", { name: /^Transfer with .+'s MXN account$/ });
  await expect(transfer.getByRole("radio", { name: /Transfer out/ })).toBeChecked();
  await expect(transfer.getByRole("radio", { name: /Transfer in/ })).toHaveCount(0);
  await shot(page, "accounts-retired-transfer-out-only", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(transfer).toBeHidden();
  await expect(page.getByRole("region", { name: /^USD/ })).not.toContainText("Retired");
  await shot(page, "accounts-retired-currency");

  // Send money: the source picker offers USD and EUR, not MXN, and says why.
  await page.goto("/quotes/new");
  await expect(page.getByRole("heading", { name: "Send money", level: 1 })).toBeVisible();
  const from = page.getByRole("region", { name: "From" });
  const fromAccounts = from.getByRole("radiogroup", { name: /: account$/ });
  await expect(fromAccounts.getByRole("radio").first()).toBeVisible();
  await expect(fromAccounts).toContainText("USD");
  await expect(fromAccounts).not.toContainText(RETIRED);
  // Another spec may have retired a currency too: this one is among those named.
  await expect(from).toContainText(
    new RegExp(`Not offered: the ([A-Z]{3}, )*${RETIRED}(, [A-Z]{3})* accounts?\\.`),
  );
  await shot(page, "send-money-retired-currency");

  // Sandbox funding: no MXN account to choose.
  await page.goto("/sandbox");
  const fund = page.getByRole("region", { name: "Fund an internal account", exact: true });
  const account = fund.getByRole("combobox", { name: /^Account/ });
  await expect(account.locator("option").filter({ hasText: /^USD · balance/ })).toHaveCount(1);
  await expect(account.locator("option").filter({ hasText: /^MXN/ })).toHaveCount(0);
  await expect(fund).toContainText(new RegExp(`Not offered: ([A-Z]{3}, )*${RETIRED}\\b`));

  // Its history stays readable, so the lists' amount filter still offers it, marked retired.
  for (const [path, name, group] of [
    ["/transactions", "Filter transactions", "Amount"],
    ["/quotes", "Filter quotes", "Sends"],
  ] as const) {
    await page.goto(path);
    const amount = page.getByRole("search", { name }).getByRole("group", { name: group });
    const currency = amount.getByRole("combobox", { name: `${group} currency` });
    await expect(currency.locator("option").filter({ hasText: `${RETIRED} (retired)` })).toHaveCount(1);
    await expect(currency.locator("option").filter({ hasText: /^USD$/ })).toHaveCount(1);
    await expect(async () => {
      await currency.selectOption(RETIRED);
      await expect(page).toHaveURL(new RegExp(`amountCurrency=${RETIRED}`), { timeout: 2_000 });
    }).toPass();
    await expect(amount).toContainText(`in ${RETIRED}.`);
    await shot(page, `amount-filter-retired-currency${path.replace("/", "-")}`);
  }
});
