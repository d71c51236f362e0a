import { expect, type Locator, test } from "@playwright/test";
import { demoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { openMenu } from "./support/menus";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// A reader in Paris: in November their zone is CET, an hour from UTC, so the two clocks differ.
test.use({ timezoneId: "Europe/Paris" });

const UTC_MOMENT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(:\d{2})? UTC$/;
const PARIS_MOMENT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(:\d{2})? CES?T$/;
// A tooltip's moment, to the second (en-GB writes September "Sept").
const PRECISE_UTC = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2} UTC$/;
const PRECISE_PARIS = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2} CES?T$/;

/** The first exact time in the region, waited for until its text settles. */
async function expectFirstTime(where: Locator, pattern: RegExp) {
  await expect(where.getByRole("time").filter({ hasText: pattern }).first()).toBeVisible();
}

test("every time says its zone, UTC by default, and each person can read their own zone instead", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text()))
      problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const customer = await createIndividualCustomer("Reloj Único");
  const payment = await receiveSandboxPayment(customer.id, 900);
  await signInPage(page, "admin");
  // A decision through the console's proxy, so the audit log has an entry with a time.
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "Clock check" }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(rejected.status()).toBe(200);

  // Lists, details, the webhook inbox and the audit log: one policy, UTC with its name.
  await page.goto("/transactions");
  const transactions = page.getByRole("table", { name: "Transactions" });
  await expectFirstTime(transactions, UTC_MOMENT);
  await expect(transactions.getByRole("time").filter({ hasText: PARIS_MOMENT })).toHaveCount(0);
  // The other zone, to the second, is the tooltip of a moment pointed at.
  const firstTime = transactions.getByRole("time").first();
  await firstTime.hover();
  await expect(firstTime).toHaveAttribute("title", PRECISE_PARIS);
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await expectFirstTime(page.getByRole("main"), UTC_MOMENT);
  await page.goto("/audit");
  // The log reads a page of the hash chain; on a busy machine that can take a while.
  await expect(page.getByRole("table", { name: "Audit log" })).toBeVisible({ timeout: 30_000 });
  await expectFirstTime(page.getByRole("table", { name: "Audit log" }), UTC_MOMENT);

  // A second tab of the same person, already open on the transactions, follows the choice without a reload.
  const otherTab = await page.context().newPage();
  await otherTab.goto("/transactions");
  await waitForHydration(otherTab);
  const otherTable = otherTab.getByRole("table", { name: "Transactions" });
  await expectFirstTime(otherTable, UTC_MOMENT);

  // The person chooses their own zone in the user menu.
  await openMenu(page.getByRole("button", { name: demoUser("admin").name }), page.getByRole("menu"));
  const utc = page.getByRole("menuitemradio", { name: "UTC" });
  await expect(utc).toHaveAttribute("aria-checked", "true");
  await shot(page, "time-zone-menu", { fullPage: false });
  await page.getByRole("menuitemradio", { name: "My time zone (Europe/Paris)" }).click();
  await expect(page.getByRole("menuitemradio", { name: "My time zone (Europe/Paris)" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.keyboard.press("Escape");
  await expectFirstTime(page.getByRole("table", { name: "Audit log" }), PARIS_MOMENT);
  await expectFirstTime(otherTable, PARIS_MOMENT);
  await expect(otherTable.getByRole("time").filter({ hasText: UTC_MOMENT })).toHaveCount(0);
  await otherTab.close();

  // The choice stays with the person across pages and reloads; the server's UTC gives way after hydration.
  await page.goto("/transactions");
  await expectFirstTime(page.getByRole("table", { name: "Transactions" }), PARIS_MOMENT);
  const firstParisTime = page.getByRole("table", { name: "Transactions" }).getByRole("time").first();
  await firstParisTime.hover();
  await expect(firstParisTime).toHaveAttribute("title", PRECISE_UTC);
  await expect(
    page.getByRole("table", { name: "Transactions" }).getByRole("time").filter({ hasText: UTC_MOMENT }),
  ).toHaveCount(0);
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await expectFirstTime(page.getByRole("main"), PARIS_MOMENT);
  await page.goto("/webhooks");
  await expect(
    page
      .getByRole("table", { name: "Received webhooks" })
      .getByRole("time")
      .filter({ hasText: /^\d{2}:\d{2}:\d{2} CES?T$/ })
      .first(),
  ).toBeVisible();
  await shot(page, "webhooks-in-paris-time");
  expect(problems).toEqual([]);
});
