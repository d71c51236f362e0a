import { expect, test } from "@playwright/test";
import { type SupportedCurrency, setSupportedCurrencies, supportedCurrencies } from "./support/currencies";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

let original: SupportedCurrency[] = [];

const maxOf = (list: SupportedCurrency[], code: string) =>
  list.find((entry) => entry.currencyCode === code)?.maxAmount;

test.afterAll(async () => {
  if (original.length > 0) await setSupportedCurrencies(original);
});

// The API replaces the currency list whole: a save from a page opened before someone else's change would put back
// what that page showed, undoing theirs without either of them knowing.
test("a save over a currency list someone changed meanwhile is refused and said; loading theirs lets the change be made again", async ({
  page,
}) => {
  test.slow();
  original = await supportedCurrencies();
  const euroBefore = maxOf(original, "EUR") ?? 0;
  const pesoBefore = maxOf(original, "MXN") ?? 0;

  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  const euroMax = page.getByLabel("Maximum for EUR");
  const euroMine = String(Number(await euroMax.inputValue()) + 1);
  await euroMax.fill(euroMine);

  // Meanwhile another admin (here a program, with the API directly) raises the peso's maximum.
  const pesoTheirs = pesoBefore + 500_00;
  await setSupportedCurrencies(
    original.map((entry) => (entry.currencyCode === "MXN" ? { ...entry, maxAmount: pesoTheirs } : entry)),
  );

  await page.getByRole("button", { name: "Review changes" }).click();
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await review.getByRole("button", { name: "Save 1 change" }).click();
  await expect(review).toBeHidden();
  await expect(page.locator("#config-save-status")).toContainText(
    "Someone changed the supported currencies after you started editing, and saving yours would undo their change; nothing was saved.",
  );
  // Nothing was sent: their peso maximum stands, and the euro's is as it was.
  let now = await supportedCurrencies();
  expect(maxOf(now, "MXN")).toBe(pesoTheirs);
  expect(maxOf(now, "EUR")).toBe(euroBefore);
  // The edit is still on the page, beside the way to load theirs.
  await expect(euroMax).toHaveValue(euroMine);
  await shot(page, "config-save-refused-changed-meanwhile");

  await page.getByRole("button", { name: "Discard mine and load theirs" }).click();
  await expect
    .poll(async () => Number(await page.getByLabel("Maximum for MXN").inputValue()))
    .toBe(pesoTheirs / 100);
  await euroMax.fill(euroMine);
  await page.getByRole("button", { name: "Review changes" }).click();
  await review.getByRole("button", { name: "Save 1 change" }).click();
  await expect(page.locator("#config-save-status")).toHaveText("Configuration saved: 1 change applied.");
  now = await supportedCurrencies();
  expect(maxOf(now, "MXN")).toBe(pesoTheirs);
  expect(maxOf(now, "EUR")).toBe(euroBefore + 100);
});
