import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { pickCustomer } from "./support/customer-picker";
import { serviceApi } from "./support/environment";
import {
  createIndividualCustomer,
  firstAccountAt,
  fundedUsdAccount,
  payPlatformUsd,
  payUsd,
  receiveSandboxPayment,
} from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test.describe.configure({ mode: "serial" });

/** A business whose officer has an email address: the API keeps emails only for a business's people. */
async function businessWithOfficer(legalName: string, officer: string, emailAddress: string) {
  const response = await serviceApi("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `e2e-${randomUUID().slice(0, 8)}`,
      customerType: "BUSINESS",
      businessInfo: { legalName },
      beneficialOwners: [{ fullName: officer, individualType: "OFFICER", emailAddress }],
      address: { line1: "Calle Luna 4", city: "Puebla", postalCode: "72000", country: "MX" },
    },
  });
  const body = await response.text();
  expect(response.status, body).toBe(201);
  return JSON.parse(body) as { id: string; platformCustomerId: string };
}

/** The cell of a column in the row that holds `text`. */
async function cellOf(page: Page, table: string, rowText: string, column: string) {
  const grid = page.getByRole("table", { name: table });
  const headers = await grid.getByRole("columnheader").allTextContents();
  const index = headers.findIndex((header) => header.trim() === column);
  expect(index, `${column} is a column of ${table}`).toBeGreaterThanOrEqual(0);
  return grid.getByRole("row").filter({ hasText: rowText }).first().getByRole("cell").nth(index);
}

test("the transaction and quote lists name each payment's customer and counterparty", async ({ page }) => {
  test.setTimeout(150_000);
  const valentina = await createIndividualCustomer("Valentina Ruiz");
  const hugo = await createIndividualCustomer("Hugo Beltrán");
  const source = await fundedUsdAccount(valentina.id, 100_000);
  const hugoUsd = await firstAccountAt(
    `/customers/internal-accounts?customerId=${encodeURIComponent(hugo.id)}&currency=USD`,
  );
  const toHugo = await payUsd(source, hugoUsd, 1_234, "Names check: to Hugo");
  await payPlatformUsd(source, 2_345, "Names check: to the platform");
  const incoming = await receiveSandboxPayment(valentina.id, 3_456);

  await signInPage(page, "viewer");
  await page.goto(`/transactions?customerId=${encodeURIComponent(valentina.id)}`);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").filter({ hasText: "Names check: to Hugo" })).toBeVisible();

  // Money sent to another customer: who sent it and where it went, by name, never a bare id.
  const customerCell = await cellOf(page, "Transactions", "Names check: to Hugo", "Customer");
  await expect(customerCell.getByRole("link", { name: "Valentina Ruiz" })).toBeVisible();
  const counterparty = await cellOf(page, "Transactions", "Names check: to Hugo", "Counterparty");
  await expect(counterparty).toHaveText("Hugo Beltrán's USD account");
  await expect(counterparty.getByRole("link", { name: "Hugo Beltrán's USD account" })).toHaveAttribute(
    "href",
    `/customers/${encodeURIComponent(hugo.id)}`,
  );
  await expect(await cellOf(page, "Transactions", "Names check: to the platform", "Counterparty")).toHaveText(
    "Platform USD account",
  );
  // Money received over UMA: the sender's address.
  await expect(await cellOf(page, "Transactions", incoming.id, "Counterparty")).toContainText(
    "$success.usd@sandbox.uma.money",
  );
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${width}-transactions-names`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The customer's name leads to their page.
  await customerCell.getByRole("link", { name: "Valentina Ruiz" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${encodeURIComponent(valentina.id)}`));
  await expect(page.getByRole("heading", { name: "Valentina Ruiz", level: 1 })).toBeVisible();

  // The quotes list says the same.
  await page.goto(`/quotes?customerId=${encodeURIComponent(valentina.id)}`);
  const quotes = page.getByRole("table", { name: "Quotes" });
  await expect(quotes.getByRole("row").filter({ hasText: toHugo.quoteId.slice(0, 12) })).toBeVisible();
  await expect(await cellOf(page, "Quotes", toHugo.quoteId.slice(0, 12), "Customer")).toContainText(
    "Valentina Ruiz",
  );
  await expect(await cellOf(page, "Quotes", toHugo.quoteId.slice(0, 12), "Counterparty")).toHaveText(
    "Hugo Beltrán's USD account",
  );
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${width}-quotes-names`);
  }
});

test("send money and the sandbox find a customer by name or email, beyond the newest hundred", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const email = `olivia.${tag}@example.com`;
  const olivia = await businessWithOfficer(`Quintero Logística ${tag}`, "Olivia Quintero", email);
  await fundedUsdAccount(olivia.id, 50_000);
  // A hundred and one customers made after her: a list of the newest hundred would not hold her.
  for (let batch = 0; batch < 101; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 101 - batch) }, (_, index) =>
        // Names hold letters only: "Relleno Ab", "Relleno Bb"…
        createIndividualCustomer(
          `Relleno ${String.fromCharCode(65 + ((batch + index) % 26))}${String.fromCharCode(97 + Math.floor((batch + index) / 26))}`,
        ),
      ),
    );
  }

  await signInPage(page, "developer");
  await page.goto("/quotes/new");
  await expect(page.getByRole("heading", { name: "Send money", level: 1 })).toBeVisible();
  const from = page.getByRole("region", { name: "From" });
  await expect(async () => {
    await from.getByRole("radio", { name: "Customer account" }).check();
    await expect(from.getByRole("combobox", { name: "Customer", exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();
  // Part of her email, chosen with the keyboard.
  const input = from.getByRole("combobox", { name: "Customer", exact: true });
  await input.fill(`olivia.${tag}`);
  const listbox = from.getByRole("listbox", { name: "Customer: matching customers" });
  await expect(listbox.getByRole("option")).toHaveCount(1);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await shot(page, "1440-send-money-customer-search", { fullPage: false });
  await input.press("ArrowDown");
  await input.press("Enter");
  const chosen = from.getByRole("group", { name: "Customer" });
  await expect(chosen).toContainText(`Quintero Logística ${tag}`);
  await expect(chosen).toContainText(email);
  await expect(from.getByRole("radio", { name: /^USD/ })).toBeVisible();
  // Another one: the choice is undone, and words of a name find her too.
  await chosen.getByRole("button", { name: /Choose another/ }).click();
  await expect(input).toBeFocused();
  await pickCustomer(from, "Customer", `quintero ${tag}`, `Quintero Logística ${tag}`);
  // Nothing matches: said, not left blank.
  await chosen.getByRole("button", { name: /Choose another/ }).click();
  await input.fill(`nobody-${tag}`);
  await expect(
    from.getByRole("status").filter({ hasText: `No customer matches "nobody-${tag}"` }),
  ).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await input.fill(`olivia.${tag}`);
    await expect(listbox.getByRole("option")).toHaveCount(1);
    await shot(page, `${width}-send-money-customer-search`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The sandbox: an incoming payment to her, and funding her account, found by name.
  await page.goto("/sandbox");
  const receive = page.getByRole("region", { name: "Simulate an incoming UMA payment", exact: true });
  await expect(async () => {
    await receive.getByRole("combobox", { name: /^Receiving customer/ }).fill(`logistica ${tag}`);
    await expect(receive.getByRole("option", { name: new RegExp(`Quintero Logística ${tag}`) })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass();
  await receive.getByRole("option", { name: new RegExp(`Quintero Logística ${tag}`) }).click();
  await receive.getByLabel("Amount").fill("12.34");
  await receive.getByRole("button", { name: "Simulate payment" }).click();
  await expect(
    receive.getByRole("region", { name: "Request: Simulate an incoming UMA payment" }),
  ).toContainText(`"customerId": "${olivia.id}"`);
  const fund = page.getByRole("region", { name: "Fund an internal account", exact: true });
  await fund.getByRole("radio", { name: "A customer" }).check();
  await pickCustomer(fund, "Customer", email, `Quintero Logística ${tag}`);
  await expect(fund.getByRole("combobox", { name: /^Account/ })).toContainText("USD · balance $500.00");
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${width}-sandbox-customer-pickers`);
  }

  // The search is a read like any other: the console's server answers it, in the API's error shape when wrong.
  const tooLong = await page.request.get(`/api/customers/search?q=${"x".repeat(201)}`);
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.json()).toMatchObject({ code: "INVALID_INPUT" });
  const names = await page.request.get("/api/names?ids=not-an-id");
  expect(names.status()).toBe(400);
});

test("a customer picker lists first the customers whose name begins with what was typed, so Enter picks them", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6).replace(/[0-9]/g, "q");
  // The one whose name begins with the text is the older: newest first, the other would come first.
  const wanted = await createIndividualCustomer(`Quorv${tag} Lund`);
  const inside = await createIndividualCustomer(`Ilse Aquorv${tag}`);

  const search = await page.request.get(`/api/customers/search?q=quorv${tag}`);
  expect(search.status()).toBe(401);
  await signInPage(page, "developer");
  const answer = (await (await page.request.get(`/api/customers/search?q=quorv${tag}`)).json()) as {
    data: { id: string }[];
  };
  expect(answer.data.map((choice) => choice.id)).toEqual([wanted.id, inside.id]);

  await page.goto("/sandbox");
  const receive = page.getByRole("region", { name: "Simulate an incoming UMA payment", exact: true });
  const picker = receive.getByRole("combobox", { name: /^Receiving customer/ });
  await expect(async () => {
    await picker.fill(`quorv${tag}`);
    await expect(receive.getByRole("listbox").getByRole("option")).toHaveCount(2, { timeout: 3_000 });
  }).toPass();
  await expect(receive.getByRole("listbox").getByRole("option").first()).toContainText(`Quorv${tag} Lund`);
  await picker.press("Enter");
  await expect(receive.getByText(`Quorv${tag} Lund`).first()).toBeVisible();
  await receive.getByLabel("Amount").fill("1.23");
  await receive.getByRole("button", { name: "Simulate payment" }).click();
  await expect(
    receive.getByRole("region", { name: "Request: Simulate an incoming UMA payment" }),
  ).toContainText(`"customerId": "${wanted.id}"`);
});
