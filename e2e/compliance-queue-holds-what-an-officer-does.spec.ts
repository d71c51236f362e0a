import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { openQueueFor } from "./support/approval-queue";
import { withConsoleDatabase } from "./support/database";
import { secondDemoUser, serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage, signInWith } from "./support/session";

/** The card of one payment in the open queue. */
const cardOf = (page: Page, id: string): Locator => page.getByRole("article").filter({ hasText: id });

/** Two frames drawn: what a key pressed before them has done to the page is on screen. */
const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/** The second compliance officer (Cole Compliance) in a browser of their own, on the queue narrowed to `text`. */
async function secondOfficer(browser: Browser, text: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = secondDemoUser("compliance");
  await signInWith(page, user.email, user.password);
  await openQueueFor(page, text);
  return page;
}

/** Rejects a payment at the payment API itself, as a decision made outside this console. */
async function rejectElsewhere(id: string): Promise<void> {
  const response = await serviceApi(`/transactions/${encodeURIComponent(id)}/reject`, {
    method: "POST",
    json: { reason: "Decided outside the console" },
  });
  expect(response.status).toBe(200);
}

test("a Reject dialog whose payment another officer approves stays open, says who and when, and no typed key reaches the queue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Dialog Stays Open");
  const first = await receiveSandboxPayment(customer.id, 31_001);
  const second = await receiveSandboxPayment(customer.id, 31_002);

  await signInPage(page, "compliance");
  await openQueueFor(page, customer.id);
  await expect(page.getByRole("article")).toHaveCount(2);
  await cardOf(page, first.id).getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this payment?" });
  const reason = dialog.getByLabel(/Reason/);
  await expect(reason).toBeFocused();
  await page.keyboard.type("Sender unver");

  // Cole Compliance approves the same payment in their own browser.
  const cole = await secondOfficer(browser, customer.id);
  await cardOf(cole, first.id).getByRole("button", { name: "Approve" }).click();
  const approve = cole.getByRole("dialog", { name: "Approve payment" });
  await expect(approve.getByLabel("Full legal name")).toHaveValue(customer.fullName);
  await approve.getByRole("button", { name: "Approve payment" }).click();
  await expect(approve).toBeHidden();
  await cole.context().close();

  // The officer's dialog stays, says so, and sends nothing.
  await expect(dialog.getByRole("alert")).toHaveText(
    /^This payment was approved by Cole Compliance at .+ in the meantime; nothing you typed was sent\.$/,
  );
  await expect(dialog.getByRole("button", { name: "Reject payment" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
  await expect(reason).toHaveValue("Sender unver");
  await shot(page, "approvals-dialog-decided-elsewhere", { fullPage: false });

  // Keys typed go on into the field, never to the queue's shortcuts ("r" is Reject, "a" Approve).
  await page.keyboard.type("ified r");
  await expect(reason).toHaveValue("Sender unverified r");
  await expect(page.getByRole("alertdialog")).toHaveCount(1);

  // Closed in the middle of typing: focus goes to the card in the payment's place, and the rest of the word
  // typed at once ("eason", its "a" the Approve key; "r" Reject) opens nothing.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("article:focus")).toContainText(second.id);
  await page.keyboard.type("eason r");
  await twoFrames(page);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("article:focus")).toContainText(second.id);
  expect(await transactionStatus(first.id)).toBe("COMPLETED");
  expect(await transactionStatus(second.id)).toBe("PENDING");
  await rejectElsewhere(second.id);
});

test("an Approve dialog and a bulk approval whose payments leave the queue stay open, say so, and send nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Bulk Goes Away");
  const payments = [
    await receiveSandboxPayment(customer.id, 32_001),
    await receiveSandboxPayment(customer.id, 32_002),
    await receiveSandboxPayment(customer.id, 32_003),
  ];
  const [one, two, three] = payments.map((payment) => payment.id) as [string, string, string];

  await signInPage(page, "compliance");
  await openQueueFor(page, customer.id);
  await expect(page.getByRole("article")).toHaveCount(3);

  // One payment's Approve dialog.
  await cardOf(page, one).getByRole("button", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve payment" });
  await expect(approve.getByLabel("Full legal name")).toHaveValue(customer.fullName);
  await rejectElsewhere(one);
  await expect(approve.getByRole("alert")).toHaveText(
    /^This payment was rejected elsewhere at .+ in the meantime; nothing you typed was sent\.$/,
  );
  await expect(approve.getByRole("button", { name: "Approve payment" })).toBeDisabled();
  // (The footer's Close; the dialog's corner has a close button of its own.)
  await approve.locator("form").getByRole("button", { name: "Close" }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByRole("article")).toHaveCount(2);

  // Both others selected and asked about together; one leaves, then the other.
  await cardOf(page, two).getByRole("checkbox").check();
  await cardOf(page, three).getByRole("checkbox").check();
  await page
    .getByRole("region", { name: "Selected payments" })
    .getByRole("button", { name: "Approve 2 selected" })
    .click();
  const bulk = page.getByRole("alertdialog", { name: "Approve 2 payments?" });
  await expect(bulk.getByRole("button", { name: "Approve 2 payments" })).toBeEnabled();
  await rejectElsewhere(two);
  await expect(bulk.getByRole("alert")).toContainText(
    "1 of them no longer waits and will not be sent; the other 1 will.",
  );
  await expect(bulk.getByRole("alert")).toContainText(/\$320\.02 from .+ was rejected\./);
  await expect(bulk.getByRole("button", { name: "Approve 1 payment" })).toBeEnabled();
  await rejectElsewhere(three);
  await expect(bulk.getByRole("alert")).toContainText("None of them waits any more; nothing was sent.");
  await expect(bulk.getByRole("button", { name: "Approve 0 payments" })).toBeDisabled();
  await shot(page, "approvals-bulk-payments-gone", { fullPage: false });
  await bulk.getByRole("button", { name: "Close" }).click();
  await expect(bulk).toBeHidden();
  for (const id of [one, two, three]) expect(await transactionStatus(id)).toBe("REJECTED");
});

test("without live updates, a decision refused because the payment no longer waits says what became of it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The console's event stream is blocked (a proxy that buffers it): the page hears of nothing decided elsewhere.
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  const customer = await createIndividualCustomer("Decided Unheard");
  const payments = [
    await receiveSandboxPayment(customer.id, 34_001),
    await receiveSandboxPayment(customer.id, 34_002),
    await receiveSandboxPayment(customer.id, 34_003),
  ];
  const [one, two, three] = payments.map((payment) => payment.id) as [string, string, string];
  await signInPage(page, "compliance");
  await openQueueFor(page, customer.id);
  await expect(page.getByRole("article")).toHaveCount(3);

  await cardOf(page, one).getByRole("button", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve payment" });
  await expect(approve.getByLabel("Full legal name")).toHaveValue(customer.fullName);
  await rejectElsewhere(one);
  await approve.getByRole("button", { name: "Approve payment" }).click();
  // Read from the payment, not "decided elsewhere or its window closed".
  await expect(approve.getByRole("alert")).toHaveText(
    /^This payment was rejected elsewhere at .+ in the meantime; nothing you typed was sent\.$/,
  );
  await shot(page, "approvals-decided-unheard", { fullPage: false });
  await approve.locator("form").getByRole("button", { name: "Close" }).click();
  await expect(approve).toBeHidden();

  await cardOf(page, two).getByRole("checkbox").check();
  await cardOf(page, three).getByRole("checkbox").check();
  await page
    .getByRole("region", { name: "Selected payments" })
    .getByRole("button", { name: "Approve 2 selected" })
    .click();
  const bulk = page.getByRole("alertdialog", { name: "Approve 2 payments?" });
  await rejectElsewhere(two);
  await bulk.getByRole("button", { name: "Approve 2 payments" }).click();
  await expect(page.getByText(`Not approved: ${two} (no longer waiting: it was rejected).`)).toBeVisible();
  expect(await transactionStatus(two)).toBe("REJECTED");
  expect(await transactionStatus(three)).toBe("COMPLETED");
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the selection bar stays below the top bar when the queue is scrolled, at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const customer = await createIndividualCustomer("Sticky Selection");
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push((await receiveSandboxPayment(customer.id, 33_000 + index)).id);
    }
    await signInPage(page, "compliance");
    await openQueueFor(page, customer.id);
    await expect(page.getByRole("article")).toHaveCount(4);
    await cardOf(page, ids[0] as string)
      .getByRole("checkbox")
      .check();
    await cardOf(page, ids[1] as string)
      .getByRole("checkbox")
      .check();
    const bar = page.getByRole("region", { name: "Selected payments" });
    await expect(bar).toContainText("2 selected");

    // Scrolled to the end: the bar sticks, and what is drawn at its button's centre is its button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const button = bar.getByRole("button", { name: "Approve 2 selected" });
    const box = await button.boundingBox();
    if (!box) throw new Error("the bar's button is not drawn");
    const hit = await button.evaluate(
      (element, point) => {
        const found = document.elementFromPoint(point.x, point.y);
        return found !== null && (found === element || element.contains(found));
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe(true);
    const header = await page.locator("header").first().boundingBox();
    const barBox = await bar.boundingBox();
    expect(barBox && header ? barBox.y >= header.y + header.height : false).toBe(true);
    await shot(page, `approvals-selection-bar-scrolled-${viewport.width}`, { fullPage: false });
    for (const id of ids) await rejectElsewhere(id);
  });
}

test("a rejection needs a reason of ten letters or digits, in the dialog and at the server, which audits the refusal", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Reason Rule");
  const payment = await receiveSandboxPayment(customer.id, 34_001);
  await signInPage(page, "compliance");
  await openQueueFor(page, customer.id);
  await cardOf(page, payment.id).getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this payment?" });
  const confirm = dialog.getByRole("button", { name: "Reject payment" });
  await expect(
    dialog.getByText("At least 10 letters or digits; spaces and punctuation do not count."),
  ).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill("r");
  await expect(dialog.getByText("Say why you reject it, in at least 10 letters or digits.")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill("no. 12 - ok");
  await expect(confirm).toBeDisabled();
  await shot(page, "approvals-reject-reason-rule", { fullPage: false });
  await dialog.getByLabel(/Reason/).fill("Sender could not be verified");
  await expect(confirm).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The server refuses a short reason with 400 in the console's error shape, sends nothing, and audits both.
  const response = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "r" }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { status: number; code: string; details?: unknown };
  expect(body).toMatchObject({ status: 400, code: "INVALID_INPUT" });
  expect(JSON.stringify(body.details)).toContain("Say why you reject it, in at least 10 letters or digits.");
  expect(await transactionStatus(payment.id)).toBe("PENDING");
  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ outcome: string }>(
          "SELECT outcome FROM audit_events WHERE target_id = $1 AND action = 'payment.reject' ORDER BY id",
          [payment.id],
        )
      ).rows,
  );
  expect(rows.map((row) => row.outcome)).toEqual(["attempted", expect.not.stringMatching(/^allowed$/)]);
  await rejectElsewhere(payment.id);
});

test("a viewer gets no deadline alerts; an officer's two alike are told apart; the card names the account", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Each person's choice, kept in the browser: ten minutes, so a payment just made is within it.
  const tenMinutes = () => localStorage.setItem("console.deadline-alert-lead", "600000");
  await page.addInitScript(tenMinutes);
  const customer = await createIndividualCustomer("Alike Alerts");
  const first = await receiveSandboxPayment(customer.id, 35_000);
  const second = await receiveSandboxPayment(customer.id, 35_000);

  const viewerContext = await browser.newContext();
  await viewerContext.addInitScript(tenMinutes);
  const viewer = await viewerContext.newPage();
  await signInPage(viewer, "viewer");
  await openQueueFor(viewer, customer.id);
  await expect(viewer.getByRole("article")).toHaveCount(2);
  await expect(viewer.getByLabel("Deadline alerts")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Also notify me in this browser" })).toHaveCount(0);
  await expect(viewer.getByRole("list", { name: "Payments closing soon" })).toHaveCount(0);
  await expect(viewer.getByText("Deadline soon:")).toHaveCount(0);
  await shot(viewer, "approvals-viewer-no-deadline-alerts");
  await viewerContext.close();

  await signInPage(page, "compliance");
  await openQueueFor(page, customer.id);
  const alerts = page.getByRole("list", { name: "Payments closing soon" }).getByRole("listitem");
  const alike = alerts.filter({ hasText: "$350.00" });
  await expect(alike).toHaveCount(2);
  const short = (id: string) => id.slice(id.indexOf(":") + 1, id.indexOf(":") + 9);
  await expect(alike.filter({ hasText: short(first.id) })).toHaveCount(1);
  await expect(alike.filter({ hasText: short(second.id) })).toHaveCount(1);
  await expect(alike.first()).toContainText(/closes in \d+:\d\d/);

  // The account the money goes into, by the name its payment's page gives it, with its id.
  const card = cardOf(page, first.id);
  const into = card.getByRole("definition").filter({ hasText: "InternalAccount:" });
  await expect(into).toContainText(`${customer.fullName}'s USD account`);
  await shot(page, "approvals-named-account");

  // Its decision is told as a person reads the payment, as its card named it.
  const heading = (await card.getByRole("heading", { level: 2 }).textContent())?.trim() ?? "";
  expect(heading).toMatch(/^\$350\.00 from .+/);
  await card.getByRole("button", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve payment" });
  await expect(approve.getByLabel("Full legal name")).toHaveValue(customer.fullName);
  await approve.getByRole("button", { name: "Approve payment" }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText(`${heading} was approved by you.`, { exact: true })).toBeVisible();
  await rejectElsewhere(second.id);
});
