import { expect as baseExpect, type Page, test } from "@playwright/test";
import { axeAudit, expectNoViolations, WCAG_TAGS } from "./support/axe";
import { createIndividualCustomer, fundedUsdAccount, payPlatformUsd } from "./support/fixtures";
import { openMenu } from "./support/menus";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test.describe.configure({ mode: "serial" });

// Each first load of the list waits on the payment API and the names of its parties; on a shared, busy machine
// that can take longer than the default 10 s, so every expectation here polls for up to 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const table = (page: Page) => page.getByRole("table", { name: "Transactions" });
const viewsButton = (page: Page) => page.getByRole("button", { name: /^Views/ });

/** Opens the Views menu (the first press after a load may race hydration). */
async function openViews(page: Page) {
  return openMenu(viewsButton(page), page.getByRole("menu", { name: /^Views/ }));
}

/**
 * axe-core's WCAG 2.2 A/AA rules and best practices, as the accessibility audit spec runs them on every page; `only`
 * audits one part (an open menu: Radix hides the rest of the page with aria-hidden, not inert, while it is open).
 */
async function expectAccessible(page: Page, where: string, only?: string) {
  const axe = axeAudit(page).withTags(WCAG_TAGS);
  await expectNoViolations(only ? axe.include(only) : axe, where);
}

/** A picture of a toolbar menu opened on a phone's width, then back to a laptop's. */
async function shotOnPhone(page: Page, menuName: RegExp, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: menuName }).click();
  await expect(page.getByRole("menu", { name: menuName })).toBeVisible();
  await shot(page, name, { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu", { name: menuName })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The list's tables lie wholly in view: no header beyond the table's box. */
async function expectNoClippedTable(page: Page) {
  const clipped = await page.evaluate(
    () =>
      [...document.querySelectorAll("main table")].filter((element) => {
        const box = element.parentElement;
        return box !== null && element.scrollWidth > box.clientWidth + 1;
      }).length,
  );
  expect(clipped).toBe(0);
}

test("a person saves a list's filters and columns as a view, opens it again, shares its link, renames and deletes it", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(420_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const customer = await createIndividualCustomer("Vista Guardada");
  const source = await fundedUsdAccount(customer.id, 1_000_000);
  await payPlatformUsd(source, 500, "View check small");
  await payPlatformUsd(source, 250_000, "View check big");

  await signInPage(page, "viewer");
  // Views left by an earlier run of this spec on the same data go first.
  const origin = new URL(page.url()).origin;
  const left = (await (await page.request.get("/api/views?list=transactions")).json()) as {
    views: { id: string }[];
  };
  for (const view of left.views) await page.request.delete(`/api/views/${view.id}`, { headers: { origin } });
  await page.goto(`/transactions?customerId=${encodeURIComponent(customer.id)}`);
  await waitForHydration(page);
  const filters = page.getByRole("search", { name: "Filter transactions" });
  const amount = filters.getByRole("group", { name: "Amount" });
  await expect(table(page).getByRole("row")).toHaveCount(3);

  // Filter: USD 100 and more.
  await expect(async () => {
    await amount.getByRole("combobox", { name: "Amount currency" }).selectOption("USD");
    await expect(page).toHaveURL(/amountCurrency=USD/, { timeout: 2_000 });
  }).toPass();
  await amount.getByRole("textbox", { name: "Amount at least" }).fill("100");
  await amount.getByRole("textbox", { name: "Amount at least" }).press("Enter");
  await expect(page).toHaveURL(/minAmount=100/);
  await expect(table(page).getByRole("row")).toHaveCount(2);

  // Hide the Direction column; the transaction's own column cannot be hidden (it opens the row).
  await page.getByRole("button", { name: /^Columns/ }).click();
  const columns = page.getByRole("menu", { name: /^Columns/ });
  await expect(columns.getByRole("menuitemcheckbox", { name: /^Transaction/ })).toBeDisabled();
  await columns.getByRole("menuitemcheckbox", { name: "Direction" }).click();
  await expect(columns.getByRole("menuitemcheckbox", { name: "Direction" })).not.toBeChecked();
  await expect(page).toHaveURL(/columns=createdAt%2Cid%2Cstatus|columns=createdAt,id,status/);
  await shot(page, "1440-transactions-columns-menu", { fullPage: false });
  await expectAccessible(page, "Columns menu", '[role="menu"]');
  await page.keyboard.press("Escape");
  await expect(columns).toHaveCount(0);
  await shotOnPhone(page, /^Columns/, "390-transactions-columns-menu");
  await expect(table(page).getByRole("columnheader", { name: "Direction" })).toHaveCount(0);
  await expect(table(page).getByRole("columnheader", { name: "Amount" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Columns (1 hidden)" })).toBeVisible();

  // Save as "Big USD".
  await (await openViews(page)).getByRole("menuitem", { name: "Save current view…" }).click();
  const save = page.getByRole("dialog", { name: "Save current view" });
  await save.getByRole("textbox", { name: "View name" }).fill("Big USD");
  await save.getByRole("button", { name: "Save view" }).click();
  await expect(save).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Views: Big USD" })).toBeVisible();
  // A second view of the same name is refused and said under the field.
  await (await openViews(page)).getByRole("menuitem", { name: "Save current view…" }).click();
  await save.getByRole("textbox", { name: "View name" }).fill("big usd");
  await save.getByRole("button", { name: "Save view" }).click();
  await expect(save).toContainText("You already have a view with this name on this list.");
  await save.getByRole("button", { name: "Cancel" }).click();

  // A bare list shows the defaults; picking the view brings back its filters and columns.
  await page.goto("/transactions");
  await waitForHydration(page);
  await expect(table(page).getByRole("columnheader", { name: "Direction" })).toBeVisible();
  await expect(viewsButton(page)).toHaveAccessibleName("Views");
  await shotOnPhone(page, /^Views/, "390-transactions-views-menu");
  const menu = await openViews(page);
  await shot(page, "1440-transactions-views-menu", { fullPage: false });
  await expectAccessible(page, "Views menu", '[role="menu"]');
  await menu.getByRole("menuitemradio", { name: "Big USD" }).click();
  await expect(page).toHaveURL(/amountCurrency=USD/);
  await expect(amount.getByRole("textbox", { name: "Amount at least" })).toHaveValue("100");
  await expect(table(page).getByRole("columnheader", { name: "Amount" })).toBeVisible();
  await expect(table(page).getByRole("columnheader", { name: "Direction" })).toHaveCount(0);
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(table(page)).toContainText("View check big");
  await expect(page.getByRole("button", { name: "Views: Big USD" })).toBeVisible();
  await expectNoClippedTable(page);
  await expectAccessible(page, "/transactions with a saved view");

  // Its link opens the same for another person, who has no saved views of their own.
  await (await openViews(page)).getByRole("menuitem", { name: "Copy link to current view" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain("/transactions?");
  expect(link).toContain("columns=");
  const other = await (await browser.newContext()).newPage();
  await signInPage(other, "compliance");
  await other.goto(link);
  await expect(other.getByRole("table", { name: "Transactions" }).getByRole("row")).toHaveCount(2);
  await expect(
    other.getByRole("table", { name: "Transactions" }).getByRole("columnheader", { name: "Direction" }),
  ).toHaveCount(0);
  await expect(other.getByRole("textbox", { name: "Amount at least" })).toHaveValue("100");
  await expect(other.getByRole("button", { name: /^Views/ })).toHaveAccessibleName("Views");
  await other.context().close();

  // No table clips at 1280 px with the menus in the toolbar.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoClippedTable(page);
  await shot(page, "1280-transactions-saved-view");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Rename, then delete (confirmed).
  await (await openViews(page)).getByRole("menuitem", { name: "Manage views…" }).click();
  const manage = page.getByRole("dialog", { name: "Your views of transactions" });
  await manage.getByRole("button", { name: "Rename Big USD" }).click();
  const rename = page.getByRole("dialog", { name: "Rename the view Big USD" });
  await expect(rename.getByRole("textbox", { name: "View name" })).toHaveValue("Big USD");
  await rename.getByRole("textbox", { name: "View name" }).fill("Big dollar payments");
  await rename.getByRole("button", { name: "Rename view" }).click();
  await expect(rename).toHaveCount(0);
  await expect(manage.getByRole("link", { name: "Big dollar payments" })).toBeVisible();
  await shot(page, "1440-transactions-manage-views", { fullPage: false });
  // The dialog itself: the rename's toast is still fading in, and axe would judge its contrast mid-animation.
  await expectAccessible(page, "Manage views", '[role="dialog"]');
  await manage.getByRole("button", { name: "Delete Big dollar payments" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete the view Big dollar payments?" });
  await confirm.getByRole("button", { name: "Delete view" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(manage).toContainText("You have no saved views of this list.");
  await page.keyboard.press("Escape");
  await expect(viewsButton(page)).toHaveAccessibleName("Views");
  // The filters and columns stay: only the name went.
  await expect(table(page).getByRole("columnheader", { name: "Direction" })).toHaveCount(0);
});

test("the views routes refuse bad input in the API's error shape and keep each person's views their own", async ({
  page,
}) => {
  await signInPage(page, "developer");
  const origin = new URL(page.url()).origin;
  const post = (data: unknown) => page.request.post("/api/views", { data, headers: { origin } });

  for (const bad of [
    { list: "payments", name: "x" },
    { list: "transactions", name: "   " },
    { list: "transactions", name: "x", columns: [] },
    { list: "transactions", name: "x", unknown: true },
  ]) {
    const refused = await post(bad);
    expect(refused.status(), JSON.stringify(bad)).toBe(400);
    expect(await refused.json()).toMatchObject({ status: 400, code: "INVALID_INPUT" });
  }
  const missingList = await page.request.get("/api/views");
  expect(missingList.status()).toBe(400);

  const created = await post({ list: "quotes", name: "Pending quotes", query: "status=PENDING&cursor=x" });
  expect(created.status()).toBe(201);
  const { view } = (await created.json()) as { view: { id: string; query: string } };
  expect(view.query).toBe("status=PENDING");
  expect((await post({ list: "quotes", name: "PENDING QUOTES" })).status()).toBe(409);
  const notAnId = await page.request.patch("/api/views/not-an-id", {
    data: { name: "y" },
    headers: { origin },
  });
  expect(notAnId.status()).toBe(404);
  expect(await notAnId.json()).toMatchObject({ code: "VIEW_NOT_FOUND" });

  // Another person cannot see, change or delete it.
  const other = await (await page.context().browser()?.newContext())?.newPage();
  if (!other) throw new Error("no second page");
  await signInPage(other, "viewer");
  const theirs = (await (await other.request.get("/api/views?list=quotes")).json()) as { views: unknown[] };
  expect(theirs.views).toEqual([]);
  const deleteAttempt = await other.request.delete(`/api/views/${view.id}`, { headers: { origin } });
  expect(deleteAttempt.status()).toBe(404);
  await other.context().close();

  const deleted = await page.request.delete(`/api/views/${view.id}`, { headers: { origin } });
  expect(deleted.status()).toBe(204);
});
