import { expect, type Page, test } from "@playwright/test";
import { signWebhookBody } from "../shared/webhook-signature";
import { secondDemoUser, webhookPrivateKey } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInWith } from "./support/session";

/** Proposes a new endpoint from the configuration page: one admin never moves it alone (decision 0091). */
async function proposeEndpoint(page: Page, url: string) {
  const endpoint = page.getByLabel("Endpoint URL");
  await endpoint.fill(url);
  await page.getByRole("button", { name: "Propose change — needs a second admin" }).click();
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await expect(review.getByRole("list", { name: "Changes to save" })).toContainText(url);
  await review.getByRole("button", { name: "Propose 1 change" }).click();
  await expect(review).toBeHidden();
  const pending = page.getByRole("region", { name: "Pending configuration change" });
  await expect(pending.getByRole("list", { name: "Proposed changes" })).toContainText(url);
  await expect(pending).toContainText("Proposed by you");
  // The proposer cannot apply it, and the endpoint has not moved.
  await expect(pending.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");
  await expect(endpoint).not.toHaveValue(url);
}

/** The other admin approves the waiting change on their configuration page. */
async function approveEndpoint(page: Page, url: string) {
  await page.goto("/config");
  await waitForHydration(page);
  const pending = page.getByRole("region", { name: "Pending configuration change" });
  await expect(pending.getByRole("list", { name: "Proposed changes" })).toContainText(url);
  const confirm = page.getByRole("alertdialog", { name: "Approve and apply this change?" });
  await expect(async () => {
    if (!(await confirm.isVisible()))
      await pending.getByRole("button", { name: "Approve" }).click({ timeout: 5_000 });
    await expect(confirm).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await confirm.getByRole("button", { name: "Approve and apply" }).click();
  await expect(pending).toBeHidden({ timeout: 30_000 });
}

test("a new webhook endpoint takes a second admin; approving it sends a TEST event, shows the answer, and the TEST reaches the inbox", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const ownReceiver = `http://127.0.0.1:${new URL(baseURL ?? "").port}/api/webhooks`;
  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);

  // Plain http is only for a loopback host.
  await page.getByLabel("Endpoint URL").fill("http://example.com/hooks");
  await page.getByRole("button", { name: "Propose change — needs a second admin" }).click();
  await expect(
    page.getByText("Must be an https URL (http is allowed only for localhost and 127.0.0.1)"),
  ).toBeVisible();

  // Nothing listens on the discard port. Ada proposes it; Sam, the second admin, approves it in another browser,
  // and the TEST it sent is reported to him as not delivered.
  await proposeEndpoint(page, "http://127.0.0.1:9/hooks");
  await shot(page, "config-endpoint-proposed", { fullPage: false });
  const second = await browser.newContext({ baseURL });
  try {
    const samsPage = await second.newPage();
    const sam = secondDemoUser("admin");
    await signInWith(samsPage, sam.email, sam.password);
    await approveEndpoint(samsPage, "http://127.0.0.1:9/hooks");
    const onApproval = samsPage.getByRole("region", { name: "TEST event sent on saving" });
    await expect(onApproval).toContainText("Not delivered", { timeout: 30_000 });
    await expect(onApproval).toContainText("http://127.0.0.1:9/hooks");
    // The page says what that means for payments, and offers the endpoint it replaced, to review and propose again.
    const failing = samsPage
      .getByRole("note")
      .filter({ hasText: "While this endpoint does not answer, incoming payments fail" });
    await expect(failing).toContainText("PAYMENT_APPROVAL_WEBHOOK_ERROR");
    await shot(samsPage, "config-endpoint-failing", { fullPage: false });
    await failing
      .getByRole("button", { name: /^Put back http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/webhooks$/ })
      .click();
    await expect(samsPage.getByLabel("Endpoint URL")).toBeFocused();
    await expect(samsPage.getByLabel("Endpoint URL")).toHaveValue(/\/api\/webhooks$/);
    // Back to the console's own receiver: Sam proposes it, Ada approves it.
    await proposeEndpoint(samsPage, ownReceiver);
  } finally {
    await second.close();
  }
  await approveEndpoint(page, ownReceiver);
  const onSave = page.getByRole("region", { name: "TEST event sent on saving" });
  await expect(onSave).toContainText("HTTP 200", { timeout: 30_000 });
  await expect(onSave).toContainText("Delivered: the endpoint answered HTTP 200");
  await expect(onSave.getByRole("figure", { name: "Response body" })).toContainText('"received"');
  await shot(page, "config-endpoint-test");

  await page.getByRole("link", { name: "see the TEST event in the webhook inbox" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  const inbox = page.getByRole("table", { name: "Received webhooks" });
  const newest = inbox.getByRole("row").nth(1);
  await expect(newest).toContainText("TEST");
  await expect(newest).toContainText("Verified");
  await expect(newest).toContainText("Received");
  await shot(page, "webhooks-inbox");

  await newest.getByRole("button", { name: /^Open Webhook:/ }).click();
  const sheet = page.getByRole("dialog", { name: "TEST event" });
  await expect(sheet.getByRole("figure", { name: "Event payload" })).toContainText('"test": true');
  await shot(page, "webhooks-event", { fullPage: false });
  await sheet.getByRole("button", { name: "Close" }).click();

  // Sending a test on demand shows the URL, the status and the body.
  await page.getByRole("tab", { name: "Send a test" }).click();
  await expect(page).toHaveURL(/tab=test/);
  await page.getByRole("button", { name: "Send test webhook" }).click();
  const result = page.getByRole("region", { name: "Test webhook result" });
  await expect(result).toContainText("HTTP 200");
  await expect(result).toContainText(ownReceiver);
  await shot(page, "webhooks-send-test");

  await page.getByRole("tab", { name: "Public key" }).click();
  await expect(page.getByText("-----BEGIN PUBLIC KEY-----")).toBeVisible();
  await expect(page.getByText("X-Service-Signature", { exact: true })).toBeVisible();
  await shot(page, "webhooks-public-key");
});

test("Review changes waits for a change: disabled, and said so, while the form is the saved configuration", async ({
  page,
}) => {
  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  const endpoint = page.getByLabel("Endpoint URL");
  const saved = await endpoint.inputValue();
  const reviewButton = page.getByRole("button", { name: "Review changes" });
  const nothingYet = page.getByText("Nothing has changed yet", { exact: false });
  await expect(reviewButton).toBeDisabled();
  await expect(nothingYet).toBeVisible();
  await shot(page, "config-nothing-changed", { fullPage: false });

  // Enabled as soon as something differs (saying that the endpoint needs a second admin), and disabled again once
  // the change is undone by hand.
  await endpoint.fill(`${saved}?changed=1`);
  const proposeButton = page.getByRole("button", { name: "Propose change — needs a second admin" });
  await expect(proposeButton).toBeEnabled();
  await expect(nothingYet).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "You have unsaved changes." })).toBeVisible();
  await shot(page, "config-something-changed", { fullPage: false });
  await endpoint.fill(saved);
  await expect(reviewButton).toBeDisabled();
  await expect(nothingYet).toBeVisible();
});

test("a developer learns why a webhook signature does not verify", async ({ page }) => {
  const body = JSON.stringify({
    webhookId: "Webhook:e2e-check",
    type: "TEST",
    timestamp: "2025-01-31T12:00:00.000Z",
    test: true,
  });
  const header = signWebhookBody(webhookPrivateKey(), body);
  await signInPage(page, "developer");
  await page.goto("/webhooks?tab=checker");
  const checker = page.getByRole("form", { name: "Signature checker" });
  const result = page.getByRole("region", { name: "Signature check result" });

  // The first check is tried until the page's script has taken the form over: a press before that submits the
  // form the browser's own way and reloads the page empty (the page is rendered per request since it has a nonce).
  await expect(async () => {
    await checker.getByLabel("Raw body").fill(body);
    await checker.getByLabel("Value of the X-Service-Signature header").fill(header);
    await checker.getByRole("button", { name: "Check signature" }).click();
    await expect(result).toContainText("The signature verifies", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // What a framework's JSON body parser and pretty-printer do to a body.
  await checker.getByLabel("Raw body").fill(JSON.stringify(JSON.parse(body), null, 2));
  await checker.getByRole("button", { name: "Check signature" }).click();
  await expect(result).toContainText("The JSON was re-serialised");

  await checker.getByLabel("Raw body").fill(`${body}\n`);
  await checker.getByRole("button", { name: "Check signature" }).click();
  await expect(result).toContainText("Whitespace changed");

  await checker.getByLabel("Raw body").fill(body);
  await checker.getByLabel("Value of the X-Service-Signature header").fill(`X-Service-Signature: ${header}`);
  await checker.getByRole("button", { name: "Check signature" }).click();
  await expect(result).toContainText("Wrong header format");
  await shot(page, "webhooks-signature-checker");
});

test("a forged delivery is refused and listed among the failed signature checks", async ({ page }) => {
  await signInPage(page, "viewer");
  const forged = await page.request.post("/api/webhooks", {
    data: { webhookId: "Webhook:forged", type: "KYC_STATUS", timestamp: new Date().toISOString() },
  });
  expect(forged.status()).toBe(401);

  await page.goto("/webhooks");
  // Tried until the page's script has taken the switch over (a press before hydration does nothing).
  const failedOnly = page.getByRole("switch", { name: "Failed signature checks only" });
  await expect(async () => {
    if (!(await failedOnly.isChecked())) await failedOnly.click();
    await expect(page).toHaveURL(/unverified=true/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const inbox = page.getByRole("table", { name: "Received webhooks" });
  const newest = inbox.getByRole("row").nth(1);
  await expect(newest).toContainText("No signature header");
  await expect(newest).toContainText("KYC_STATUS");
  await expect(newest).toContainText("401");
  await newest.getByRole("button", { name: /^Open Unverified delivery/ }).click();
  const sheet = page.getByRole("dialog", { name: "Delivery that failed verification" });
  await expect(sheet.getByRole("figure", { name: "Delivered body" })).toContainText('"Webhook:forged"');
  await shot(page, "webhooks-failed-signature");
});
