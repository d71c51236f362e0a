import { type Browser, expect, type Page, test } from "@playwright/test";
import { secondDemoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInWith } from "./support/session";

/** The approvals and rejections a page sends to the payment API, as they leave the browser. */
function decisionsSentBy(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && /\/transactions\/[^/]+\/(approve|reject)$/.test(path)) sent.push(path);
  });
  return sent;
}

/** A payment's own page, hydrated, its live events' stream open (what tells it of another officer's decision). */
async function openPaymentPage(page: Page, id: string): Promise<void> {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto(`/transactions/${encodeURIComponent(id)}`);
  await waitForHydration(page);
  await stream;
}

/** The second compliance officer (Cole Compliance) in a browser of their own, on the payment's page. */
async function secondOfficerOn(browser: Browser, id: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = secondDemoUser("compliance");
  await signInWith(page, user.email, user.password);
  await openPaymentPage(page, id);
  return page;
}

const decision = (page: Page) => page.getByRole("region", { name: "Waiting for a decision" });

test("a Reject dialog on a payment's page whose payment another officer approves stays open, says who and when, and sends nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Decided On Its Page");
  const payment = await receiveSandboxPayment(customer.id, 33_001);
  const sent = decisionsSentBy(page);

  await signInPage(page, "compliance");
  await openPaymentPage(page, payment.id);
  await decision(page).getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject this payment?" });
  const reason = dialog.getByLabel(/Reason/);
  const confirm = dialog.getByRole("button", { name: "Reject payment" });

  // The queue's rule for a reason, said in the dialog: ten letters or digits, punctuation and spaces not counted.
  await expect(
    dialog.getByText("At least 10 letters or digits; spaces and punctuation do not count."),
  ).toBeVisible();
  await reason.fill("No. 1 -- ?!");
  await expect(dialog.getByText("Say why you reject it, in at least 10 letters or digits.")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await reason.fill("Sender unverified at source");
  await expect(confirm).toBeEnabled();

  // Cole Compliance approves the same payment on its page in their own browser.
  const cole = await secondOfficerOn(browser, payment.id);
  await decision(cole).getByRole("button", { name: "Approve" }).click();
  const approve = cole.getByRole("dialog", { name: "Approve payment" });
  await expect(approve.getByRole("button", { name: "Approve payment" })).toBeEnabled();
  await approve.getByRole("button", { name: "Approve payment" }).click();
  await expect(approve).toBeHidden();
  await cole.context().close();

  // The officer's dialog stays, says who decided it and when, by name, and sends nothing.
  await expect(dialog.getByRole("alert")).toHaveText(
    /^This payment was approved by Cole Compliance at .+ in the meantime; nothing you typed was sent\.$/,
  );
  await expect(confirm).toBeDisabled();
  await expect(reason).toHaveValue("Sender unverified at source");
  await shot(page, "transaction-reject-dialog-decided-elsewhere", { fullPage: false });

  // Closed: the page shows the payment approved, no decision left to make, focus on the page's content.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(decision(page)).toHaveCount(0);
  await expect(page.getByRole("main").getByText("Completed", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("main")).toBeFocused();
  await shot(page, "transaction-approved-elsewhere");
  expect(sent).toEqual([]);
  expect(await transactionStatus(payment.id)).toBe("COMPLETED");
});

test("an Approve dialog on a payment's page whose payment another officer rejects stays open, says who and when, and Enter sends nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Rejected While Open");
  const payment = await receiveSandboxPayment(customer.id, 33_002);
  const sent = decisionsSentBy(page);

  await signInPage(page, "compliance");
  await openPaymentPage(page, payment.id);
  await decision(page).getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve payment" });
  const confirm = dialog.getByRole("button", { name: "Approve payment" });
  const name = dialog.getByLabel("Full legal name");
  await expect(name).toHaveValue(customer.fullName);
  await expect(confirm).toBeEnabled();

  // Cole Compliance rejects it on its page, with a reason.
  const cole = await secondOfficerOn(browser, payment.id);
  await decision(cole).getByRole("button", { name: "Reject" }).click();
  const reject = cole.getByRole("alertdialog", { name: "Reject this payment?" });
  await reject.getByLabel(/Reason/).fill("Sender on a watch list");
  await reject.getByRole("button", { name: "Reject payment" }).click();
  await expect(reject).toBeHidden();
  await cole.context().close();

  await expect(dialog.getByRole("alert")).toHaveText(
    /^This payment was rejected by Cole Compliance at .+ in the meantime; nothing you typed was sent\.$/,
  );
  await expect(confirm).toBeDisabled();
  await shot(page, "transaction-approve-dialog-decided-elsewhere", { fullPage: false });
  // Enter in a field of the form sends nothing either.
  await name.press("Enter");
  await expect(dialog.getByRole("alert")).toBeVisible();

  // (The footer's Close; the dialog's corner has a close button of its own.)
  await dialog.locator("form").getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(decision(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "This payment was rejected" })).toBeVisible();
  await expect(page.getByText("Reason given: Sender on a watch list")).toBeVisible();
  expect(sent).toEqual([]);
  expect(await transactionStatus(payment.id)).toBe("REJECTED");
});

test("a payment approved on its own page does not ask for its queue entry again once it no longer waits", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await createIndividualCustomer("Approved On Its Page");
  const payment = await receiveSandboxPayment(customer.id, 33_003);
  const entryPath = `/api/approvals/${encodeURIComponent(payment.id)}`;

  await signInPage(page, "compliance");
  await openPaymentPage(page, payment.id);
  await decision(page).getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve payment" });
  await expect(dialog.getByRole("button", { name: "Approve payment" })).toBeEnabled();

  // Every request for the entry once the approval is sent: the decision's own live event can arrive before its
  // answer, and a decided payment has no entry (404).
  const askedAfter: string[] = [];
  let sent = false;
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path.endsWith("/approve")) sent = true;
    else if (sent && path === entryPath) askedAfter.push(request.url());
  });
  // The queue's other reads refresh with the entry: the navigation's count of payments waiting among them.
  const queueRefreshed = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      sent && url.pathname === "/api/payments/transactions" && url.searchParams.get("status") === "PENDING"
    );
  });
  await dialog.getByRole("button", { name: "Approve payment" }).click();
  await queueRefreshed;
  await expect(decision(page)).toHaveCount(0);
  await expect(page.getByRole("main").getByText("Completed", { exact: true }).first()).toBeVisible();
  expect(askedAfter).toEqual([]);
  // The dialog's button is gone with the decision: the keyboard is on the page's content, not lost on the body.
  await expect(page.getByRole("main")).toBeFocused();
});
