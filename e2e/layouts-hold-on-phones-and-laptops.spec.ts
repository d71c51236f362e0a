import { expect, type Locator, type Page, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { wrapsInsideWords } from "./support/line-breaks";
import { expectCellsWithinScreen } from "./support/phone-cards";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

/** Opens a page and waits until its data has arrived: the heading is shown and nothing is still loading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Nothing shown is still loading; a list refreshed by a live event (its table marked busy) is laid out already.
  await expect(page.locator('[role="status"][aria-busy="true"]:visible')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/** "/quotes/new?tab=x" → "quotes-new-x": a picture's name per page. */
const pictureName = (path: string) => path.replace(/[/?=&]+/g, "-").replace(/^-|-$/g, "") || "overview";

/** The document does not scroll sideways, and every visible form control lies wholly inside the viewport. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect.soft(overflow.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(overflow.clientWidth);
  const cut = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [
      ...document.querySelectorAll(
        "main input, main select, main textarea, main button[role=combobox], main header button",
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Radix's hidden native checkbox mirrors a visible one; only what people see and use counts.
        if (element.closest("[aria-hidden=true]")) return false;
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
      })
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => element.getAttribute("aria-label") || element.id || element.outerHTML.slice(0, 80));
  });
  expect.soft(cut, `${path}: controls cut off`).toEqual([]);
}

test("on a phone, configuration, sandbox, send money, webhooks and API tokens fit the screen's width", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // A token, so the tokens page lays out its list (wider than a phone: it scrolls inside its card) under the form.
  const token = await serviceApi("/tokens", {
    method: "POST",
    json: { name: "Layout phones", permissions: ["VIEW"] },
  });
  expect(token.status).toBe(201);
  await signInPage(page, "admin");
  for (const path of [
    "/config",
    "/sandbox",
    "/quotes/new",
    "/webhooks",
    "/webhooks?tab=test",
    "/webhooks?tab=checker",
    "/webhooks?tab=key",
    "/tokens",
  ]) {
    await open(page, path);
    await expectNoSidewaysScroll(page, path);
    await shot(page, `390-${pictureName(path)}`);
  }
});

test("on a phone, the pages compliance works in fit the screen's width, their header's buttons too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "compliance");
  for (const path of ["/approvals", "/screening", "/policies"]) {
    await open(page, path);
    await expectNoSidewaysScroll(page, path);
    await shot(page, `390-${pictureName(path)}`);
  }
});

test("on a phone, the approval queue folds its filters, order and alerts behind one button, and the first payment follows it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createIndividualCustomer("Cola Plegada Ñ");
  await receiveSandboxPayment(customer.id, 1_400);
  // Other payments of the suite may be within minutes of their deadlines, and their alerts, drawn above the cards
  // however the tools are folded, are not what this measures: this officer has them off.
  await page.addInitScript(() => window.localStorage.setItem("console.deadline-alert-lead", "0"));
  await signInPage(page, "compliance");
  await open(page, "/approvals");
  const tools = page.getByRole("button", { name: "Filters, order and alerts" });
  await expect(tools).toHaveAttribute("aria-expanded", "false");
  for (const label of ["Deadline alerts", "Search the queue", "Order"]) {
    await expect(page.getByLabel(label)).toBeHidden();
  }
  // The first card follows the button and the line counting what waits, not five fields.
  const firstCard = page.getByRole("article").first();
  await expect(firstCard).toBeVisible();
  const cardTop = (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const toolsBox = await tools.boundingBox();
  expect(
    cardTop - (toolsBox?.y ?? 0) - (toolsBox?.height ?? 0),
    "from the tools button to the first card",
  ).toBeLessThan(100);
  // The queue's live regions (its notices above the button, the alerts below it) keep their places while empty, and
  // leave no hole: one gap of the column (16 px) above the button and below it, not two.
  // The row under the button: the line counting what waits, centred beside the (taller) keyboard shortcuts button.
  const shortcuts = await page.getByRole("button", { name: "Keyboard shortcuts" }).boundingBox();
  expect(
    (shortcuts?.y ?? 0) - (toolsBox?.y ?? 0) - (toolsBox?.height ?? 0),
    "from the tools button to the line counting what waits",
  ).toBeLessThanOrEqual(16.5);
  // A payment of the suite leaving the queue while this page is open (decided by a policy or by another spec) is
  // told in the notices above the button; then the button follows the notices by one gap, else the header by two.
  const noticesBottom = await tools.evaluate((button) => {
    const notices = button.parentElement?.firstElementChild;
    return notices?.childElementCount ? notices.getBoundingClientRect().bottom : null;
  });
  const header = await page.getByText("Off: one approver for every payment").boundingBox();
  if (noticesBottom === null) {
    expect(
      (toolsBox?.y ?? 0) - (header?.y ?? 0) - (header?.height ?? 0),
      "from the page's header to the tools button",
    ).toBeLessThanOrEqual(32.5);
  } else {
    expect((toolsBox?.y ?? 0) - noticesBottom, "from the notices to the tools button").toBeLessThanOrEqual(
      16.5,
    );
  }
  await expectNoSidewaysScroll(page, "/approvals");
  await shot(page, "390-approvals-tools-folded", { fullPage: false });

  await tools.click();
  await expect(tools).toHaveAttribute("aria-expanded", "true");
  for (const label of ["Deadline alerts", "Search the queue", "Order"]) {
    await expect(page.getByLabel(label)).toBeVisible();
  }
  await expectNoSidewaysScroll(page, "/approvals");
  // Unfolded, the order is drawn as the tools above it: its label over its select, at their left edge, and before
  // the line counting what waits.
  const orderLabel = await page.getByText("Order", { exact: true }).boundingBox();
  const orderSelect = await page.getByLabel("Order").boundingBox();
  const searchField = await page.getByLabel("Search the queue").boundingBox();
  const waitingLine = await page.getByText(/payments? waiting/).boundingBox();
  expect(
    (orderLabel?.y ?? 0) + (orderLabel?.height ?? 0),
    "the order's label over its select",
  ).toBeLessThanOrEqual((orderSelect?.y ?? 0) + 0.5);
  expect(
    Math.abs((orderSelect?.x ?? 0) - (searchField?.x ?? 0)),
    "the order's left edge beside the search's",
  ).toBeLessThan(1);
  expect(orderSelect?.y ?? 0, "the order above the line counting what waits").toBeLessThan(
    waitingLine?.y ?? 0,
  );
  await shot(page, "390-approvals-tools-open", { fullPage: false });
  // A filter set while open is counted on the button once it is folded again.
  await page.getByLabel("Search the queue").fill("Cola Plegada");
  await tools.click();
  await expect(page.getByRole("button", { name: "Filters, order and alerts 1 set" })).toBeVisible();

  // On a laptop the tools are always drawn, and there is nothing to unfold.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel("Search the queue")).toBeVisible();
  await expect(page.getByLabel("Order")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters, order and alerts/ })).toBeHidden();
  // The search and the deadline alerts' settings share one row, so the cards start higher up the page.
  const search = await page.getByLabel("Search the queue").boundingBox();
  const alerts = await page.getByLabel("Deadline alerts").boundingBox();
  expect(
    Math.abs((search?.y ?? 0) + (search?.height ?? 0) - (alerts?.y ?? 99) - (alerts?.height ?? 0)),
    "the search and the deadline alerts on one row",
  ).toBeLessThan(4);
  // The search set, its "Clear filters" stands level with the fields, not with their labels.
  const clear = await page
    .getByRole("button", { name: /^Clear filters/ })
    .first()
    .boundingBox();
  expect(
    Math.abs((clear?.y ?? 0) + (clear?.height ?? 0) / 2 - (search?.y ?? 0) - (search?.height ?? 0) / 2),
    "Clear filters level with the search field",
  ).toBeLessThan(2);
  // With alerts on, the browser's answer about notifications (blocked in this headless browser) joins the row too.
  await page.getByLabel("Deadline alerts").selectOption({ label: "2 minutes before" });
  await expect(page.getByText(/^Browser notifications are (blocked|on)|^Also notify me/)).toBeVisible();
  const searchAgain = await page.getByLabel("Search the queue").boundingBox();
  const alertsAgain = await page.getByLabel("Deadline alerts").boundingBox();
  expect(
    Math.abs(
      (searchAgain?.y ?? 0) +
        (searchAgain?.height ?? 0) -
        (alertsAgain?.y ?? 99) -
        (alertsAgain?.height ?? 0),
    ),
    "with the notifications' line, the search and the deadline alerts still on one row",
  ).toBeLessThan(4);
  await shot(page, "1280-approvals-tools", { fullPage: false });
});

test("on a phone, a customer's page, a payment's page and the overview fit the screen's width, and the top bar leads back up", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createIndividualCustomer("Estrecho Ancho Ñ");
  const payment = await receiveSandboxPayment(customer.id, 1_200);
  await signInPage(page, "admin");
  const customerPath = `/customers/${encodeURIComponent(customer.id)}`;
  for (const [name, path] of [
    ["overview", "/"],
    ["customer", customerPath],
    ["transaction", `/transactions/${encodeURIComponent(payment.id)}`],
  ] as const) {
    await open(page, path);
    // Its tables (balances, recent payments) scroll inside their cards; the page itself does not.
    await expectNoSidewaysScroll(page, path);
    await shot(page, `390-${name}`);
  }

  // The overview's latest payments name their customer whole on a phone (they were cut to "Estre…"), and each id
  // keeps to one line.
  await open(page, "/");
  const recent = page.getByRole("region", { name: "Recent transactions" });
  const row = recent.getByRole("link", { name: /Estrecho Ancho Ñ/ }).first();
  const cut = await row.getByText("Estrecho Ancho Ñ").evaluate((name) => {
    const line = name.parentElement as HTMLElement;
    return { wide: line.scrollWidth > line.clientWidth + 1, tall: line.scrollHeight > line.clientHeight + 1 };
  });
  expect(cut, "the customer's name is not cut off").toEqual({ wide: false, tall: false });
  const idLine = await row.getByText(payment.id.slice(0, 16)).boundingBox();
  expect(idLine?.height ?? 99, "the payment's id on one line").toBeLessThan(20);
  await page.setViewportSize({ width: 1280, height: 900 });
  await recent.scrollIntoViewIfNeeded();
  await shot(page, "1280-overview-recent", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });

  // The heading names the page; the trail beside the top bar's buttons is the way back to the list.
  await open(page, customerPath);
  // The customer's balances and latest payments are cards on a phone: an account's Transfer and Fund, a payment's
  // amount and status, all within the screen, none behind a sideways scroll.
  for (const [table, cellCount] of [
    ["Balances", 3],
    ["Recent transactions", 4],
  ] as const) {
    await expect(page.getByRole("region", { name: `${table}, scrolls sideways` })).toHaveCount(0);
    await expectCellsWithinScreen(
      page.getByRole("table", { name: table }).getByRole("row").nth(1).getByRole("cell"),
      cellCount,
    );
  }
  for (const name of [/^Transfer/, /^Fund/]) {
    const button = await page
      .getByRole("table", { name: "Balances" })
      .getByRole("button", { name })
      .first()
      .boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 999), `${name} within the screen`).toBeLessThanOrEqual(390);
  }
  // At a laptop's width the same two are tables again (looked at in the picture).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("region", { name: "Balances" }).scrollIntoViewIfNeeded();
  await shot(page, "1280-customer-balances", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  // A card's empty state reads in the card's own size of text, not larger than everything around it. The customer,
  // created at the API, may have been screened by the console's sweep meanwhile: then its result's lines are read.
  const screening = page.getByRole("region", { name: "Screening" });
  const fontSize = async (locator: Locator) =>
    Number.parseFloat(await locator.evaluate((element) => getComputedStyle(element).fontSize));
  expect(await fontSize(screening.getByText(/^(Not screened yet|Screened )/).first())).toBeLessThanOrEqual(
    await fontSize(screening.getByText(/^The customer against the sanctions lists/)),
  );
  const banner = page.getByRole("banner");
  const trail = banner.getByRole("navigation", { name: "Breadcrumb" });
  const back = trail.getByRole("link", { name: "Customers", exact: true });
  await expect(back).toBeVisible();
  await expect(trail.getByText("Estrecho Ancho Ñ")).toBeHidden();
  const backBox = await back.boundingBox();
  const searchBox = await banner.getByRole("button", { name: /^Search/ }).boundingBox();
  expect(backBox && searchBox, "the trail's link and the search button are drawn").toBeTruthy();
  if (backBox && searchBox) {
    expect(backBox.x + backBox.width, "the trail ends before the search button").toBeLessThanOrEqual(
      searchBox.x,
    );
  }
  // Drawn as a back arrow (named by the list it leads to), large enough to tap.
  expect(backBox?.width ?? 0, "the back link is wide enough to tap").toBeGreaterThanOrEqual(24);
  expect(backBox?.height ?? 0, "the back link is tall enough to tap").toBeGreaterThanOrEqual(24);
  await back.click();
  await expect(page).toHaveURL(/\/customers$/);
  // A list's own name is its heading: the top bar draws no trail of that name alone beside its buttons.
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(trail).toBeHidden();
});

/** Every table of the page shows all its columns: it fits its box, or each header is inside the viewport. */
async function expectTablesFit(page: Page, path: string) {
  const tables = page.locator("main table");
  await expect(tables.first()).toBeVisible();
  const clipped = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main table")].flatMap((table) => {
      const box = table.parentElement;
      if (!box || table.getBoundingClientRect().width === 0) return [];
      if (table.scrollWidth <= box.clientWidth + 1) return [];
      const hidden = [...table.querySelectorAll("th")]
        .filter((th) => {
          const rect = th.getBoundingClientRect();
          const boxRect = box.getBoundingClientRect();
          return rect.right > Math.min(width, boxRect.right) + 1 || rect.left < boxRect.left - 1;
        })
        .map((th) => th.textContent?.trim() || "(unnamed)");
      return hidden.length
        ? [`${table.querySelector("caption")?.textContent ?? "table"}: ${hidden.join(", ")}`]
        : [];
    });
  });
  expect.soft(clipped, `${path}: columns cut off`).toEqual([]);
}

// The layout is CSS alone (no script reads the window's width), so one load of each page serves both widths.
const LAPTOP_WIDTHS = [1280, 1440] as const;

test(`at ${LAPTOP_WIDTHS.join(" and ")} px every list shows all its columns`, async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: LAPTOP_WIDTHS[0], height: 900 });
  const customer = await createIndividualCustomer("Columna Ancha Ñ");
  const payment = await receiveSandboxPayment(customer.id, 1_500);
  await signInPage(page, "admin");
  // A decision made through the console's proxy, so the audit log has a row to lay out.
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "Layout check" }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(rejected.status()).toBe(200);
  // A token, so the tokens page has a list to lay out.
  const token = await serviceApi("/tokens", {
    method: "POST",
    json: { name: "Layout laptops", permissions: ["VIEW"] },
  });
  expect(token.status).toBe(201);
  for (const path of [
    "/quotes",
    "/transactions",
    "/customers",
    "/accounts?tab=customers",
    "/webhooks",
    "/audit",
    "/team",
    "/tokens",
    "/providers",
    "/config",
    "/screening",
  ]) {
    await page.setViewportSize({ width: LAPTOP_WIDTHS[0], height: 900 });
    await open(page, path);
    for (const width of LAPTOP_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectTablesFit(page, `${path} at ${width} px`);
      await shot(page, `${width}-${pictureName(path)}`);
    }
  }
});

test("at 1366 px the transactions list shows its customers' and counterparties' names whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInPage(page, "admin");
  await open(page, "/transactions");
  const table = page.getByRole("table", { name: "Transactions" });
  // The names have arrived (GET /api/names): customers' names link to their pages.
  await expect(table.locator('td a[href^="/customers/"]').first()).toBeVisible();
  const cut = await table.evaluate((element) => {
    const headers = [...element.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
    const columns = ["Customer", "Counterparty"].map((name) => headers.indexOf(name));
    return [...element.querySelectorAll("tbody tr")].flatMap((row) =>
      columns.flatMap((column) =>
        [...(row.children[column]?.querySelectorAll("a, span") ?? [])]
          .filter((line) => line.scrollWidth > line.clientWidth + 1)
          .map((line) => line.textContent ?? ""),
      ),
    );
  });
  expect(cut, "names cut off at 1366 px").toEqual([]);
  await expectTablesFit(page, "/transactions at 1366 px");
  await expectNoSidewaysScroll(page, "/transactions at 1366 px");
  await shot(page, "1366-transactions");
});

test("the audit log wraps its details between their parts, and on a phone shows each entry whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createIndividualCustomer("Registro Largo Ñ");
  const payment = await receiveSandboxPayment(customer.id, 1_300);
  await signInPage(page, "compliance");
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "Layout check of the audit log" }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(rejected.status()).toBe(200);
  await open(page, `/audit?target=${encodeURIComponent(payment.id)}`);
  const log = page.getByRole("table", { name: "Audit log" });
  const entry = log.getByRole("row").filter({ hasText: "payment.reject" }).first();
  // The path "/transactions/:transactionId/reject" wraps at its slashes, never inside a word.
  const details = entry.getByRole("cell").last();
  await expect(details).toContainText("/transactions/:transactionId/reject");
  const parts = details.locator("dt, dd");
  const broken: string[] = [];
  for (let index = 0; index < (await parts.count()); index++) {
    broken.push(...(await wrapsInsideWords(parts.nth(index))));
  }
  expect(broken).toEqual([]);
  // Each detail's key on one line ("screening.staleLists" of the policy's hold, beside its payment's long id).
  await expect(log.locator("dt").filter({ hasText: "screening.staleLists" }).first()).toBeVisible();
  const wrappedKeys = await log.locator("dt").evaluateAll((terms) =>
    terms
      .filter((term) => {
        // The lines the key's own text is drawn on (the term's box is as tall as its value's).
        const text = document.createRange();
        text.selectNodeContents(term);
        return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size > 1;
      })
      .map((term) => term.textContent),
  );
  expect(wrappedKeys).toEqual([]);
  await expectTablesFit(page, "/audit at 1280 px");
  await shot(page, "1280-audit-details", { fullPage: false });

  // On a phone the entry's time, outcome, who, action and details are all within the screen, none off to the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "/audit at 390 px");
  for (const text of ["payment.reject", "allowed", "compliance@demo.local", "/transactions/"]) {
    const box = await entry.getByText(text).first().boundingBox();
    expect(box, text).not.toBeNull();
    expect(box?.x ?? -1, text).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), text).toBeLessThanOrEqual(390);
  }
  expect(await log.evaluate((table) => table.parentElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
  await shot(page, "390-audit");
});

/**
 * Every visible field's placeholder is drawn whole inside its box (a cut-off hint reads as a word broken off): the
 * hint is laid out in a hidden line of the field's own font, which the browser measures as it draws the field.
 */
async function expectPlaceholdersFit(page: Page, path: string) {
  const cut = await page.evaluate(() => {
    const fields = [...document.querySelectorAll<HTMLInputElement>("main input[placeholder]")].filter(
      (input) => input.getBoundingClientRect().width > 0 && input.placeholder !== "",
    );
    return fields.flatMap((input) => {
      const style = getComputedStyle(input, "::placeholder");
      const line = document.createElement("span");
      line.textContent = input.placeholder;
      Object.assign(line.style, {
        position: "absolute",
        visibility: "hidden",
        whiteSpace: "pre",
        font: style.font,
        letterSpacing: style.letterSpacing,
        fontFeatureSettings: style.fontFeatureSettings,
      });
      document.body.append(line);
      const needed = line.getBoundingClientRect().width;
      line.remove();
      const own = getComputedStyle(input);
      const room =
        input.clientWidth - Number.parseFloat(own.paddingLeft) - Number.parseFloat(own.paddingRight);
      return needed > room
        ? [
            `${input.labels?.[0]?.textContent ?? input.name}: “${input.placeholder}” ${needed.toFixed(1)} px in ${room.toFixed(1)}`,
          ]
        : [];
    });
  });
  expect.soft(cut, `${path}: placeholders cut off`).toEqual([]);
}

test(`at ${LAPTOP_WIDTHS[0]} px the lists' search and filter fields show their placeholders whole`, async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: LAPTOP_WIDTHS[0], height: 900 });
  await signInPage(page, "admin");
  for (const path of [
    "/approvals",
    "/audit",
    "/transactions",
    "/quotes",
    "/customers",
    "/accounts?tab=customers",
    "/webhooks",
  ]) {
    await open(page, path);
    await expectPlaceholdersFit(page, path);
    // The fields are at the top: the page as it opens shows them.
    await shot(page, `${LAPTOP_WIDTHS[0]}-fields-${pictureName(path)}`, { fullPage: false });
  }
});

test("on a phone, a list with many filters folds them behind a Filters button, so its rows are in the first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, "admin");
  await open(page, "/transactions?type=OUTGOING");
  const filtersButton = page.getByRole("button", { name: "Filters 1 set" });
  await expect(filtersButton).toHaveAttribute("aria-expanded", "false");
  const filters = page.getByRole("search", { name: "Filter transactions", includeHidden: true });
  await expect(filters).toBeHidden();
  // The first payment's row starts in the first screen, not below eleven fields.
  const firstRow = page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1);
  const top = (await firstRow.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(top, "the first row's top").toBeLessThan(844 - 40);
  await shot(page, "390-transactions-filters-folded", { fullPage: false });

  await filtersButton.click();
  await expect(filtersButton).toHaveAttribute("aria-expanded", "true");
  await expect(filters).toBeVisible();
  await expect(filters.getByRole("combobox", { name: "Direction" })).toContainText("Outgoing");
  await shot(page, "390-transactions-filters-open", { fullPage: false });
  await filters.getByRole("button", { name: /^Clear filters/ }).click();
  await expect(page.getByRole("button", { name: "Filters", exact: true })).toBeVisible();

  // On a laptop the filters are always drawn, and there is nothing to unfold.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(filters).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
});
