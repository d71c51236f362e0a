import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";
import { queryConsoleDatabase, SIGNATURE_HEADER, signWebhook } from "./support/webhooks";

/**
 * The inbox's widest cells, arranged before the page opens rather than left to whatever the suite's other specs
 * happened to deliver first: the longest event type, a payment's id and status, a refused delivery, and the
 * widest answer ("Asked for sender information", 422). Each is a delivery to the console's own endpoint, as the
 * payment service sends them (e2e/api/webhook-receiver.spec.ts); the console itself never answers 422 yet, so that
 * one answer is written over a stored delivery's, as a 422 would have left it.
 */
test("at 1280 px the webhook inbox keeps within the page beside its widest events", async ({
  page,
  request,
}) => {
  const deliver = (body: string, header: string) =>
    request.post("/api/webhooks", {
      data: body,
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: header },
    });
  const now = () => new Date().toISOString();

  // The answer that reads longest, on a payment's event with its id and status.
  const asked = `Webhook:${randomUUID()}`;
  const payment = JSON.stringify({
    webhookId: asked,
    type: "INCOMING_PAYMENT",
    timestamp: now(),
    transaction: { id: `Transaction:${randomUUID()}`, status: "COMPLETED", type: "INCOMING" },
  });
  expect((await deliver(payment, signWebhook(payment))).status()).toBe(200);
  await queryConsoleDatabase("update webhook_events set response_status = 422 where webhook_id = $1", [
    asked,
  ]);

  // The longest event type the API sends.
  const claimed = JSON.stringify({
    webhookId: `Webhook:${randomUUID()}`,
    type: "INVITATION_CLAIMED",
    timestamp: now(),
    invitation: { code: "wide-one" },
  });
  expect((await deliver(claimed, signWebhook(claimed))).status()).toBe(200);

  // A refusal (listed with the failed signature checks): a signature header in no accepted form.
  const forged = JSON.stringify({ webhookId: `Webhook:${randomUUID()}`, type: "TEST", timestamp: now() });
  expect((await deliver(forged, "not-a-signature")).status()).toBe(401);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPage(page, "developer");
  await page.goto("/webhooks");
  const inbox = page.getByRole("table", { name: "Received webhooks" });
  await expect(inbox.getByText("Asked for sender information").first()).toBeVisible();
  await expect(inbox.getByText("INVITATION_CLAIMED").first()).toBeVisible();

  await expectFits(page);
  await shot(page, "1280-webhooks-widest");

  // The failed signature checks, listed on their own: the refusal's reason beside "401 · refused".
  await page.goto("/webhooks?unverified=true");
  await expect(inbox.getByText("401 · refused").first()).toBeVisible();
  await expectFits(page);
  await shot(page, "1280-webhooks-refused");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/webhooks");
  await expect(inbox.getByText("Asked for sender information").first()).toBeVisible();
  await shot(page, "390-webhooks-widest");
});

/** Neither the page nor the inbox's own box scrolls sideways: every column is in sight. */
async function expectFits(page: Page) {
  const inbox = page.getByRole("table", { name: "Received webhooks" });
  const widths = await inbox.evaluate((table) => ({
    table: table.scrollWidth,
    box: table.parentElement?.clientWidth ?? 0,
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page, "the page scrolls sideways").toBeLessThanOrEqual(widths.window);
  expect(widths.table, "the inbox is wider than its box").toBeLessThanOrEqual(widths.box + 1);
  // So it is no region to scroll, and draws no cue of more to the side.
  await expect(page.getByRole("region", { name: "Received webhooks, scrolls sideways" })).toHaveCount(0);
}

/** An INCOMING_PAYMENT event about `transaction`, signed as the payment service signs it, stored by the console. */
async function deliverPaymentEvent(request: APIRequestContext, transaction: Record<string, unknown>) {
  const body = JSON.stringify({
    webhookId: `Webhook:${randomUUID()}`,
    type: "INCOMING_PAYMENT",
    timestamp: new Date().toISOString(),
    transaction,
  });
  const delivered = await request.post("/api/webhooks", {
    data: body,
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(body) },
  });
  expect(delivered.status()).toBe(200);
}

test("the inbox finds a payment's events by its id pasted bare or in capitals, as logs print it", async ({
  page,
  request,
}) => {
  const uuid = randomUUID();
  await deliverPaymentEvent(request, { id: `Transaction:${uuid}`, status: "COMPLETED", type: "INCOMING" });

  await signInPage(page, "developer");
  for (const typed of [uuid, `TRANSACTION:${uuid.toUpperCase()}`]) {
    await page.goto(`/webhooks?transactionId=${encodeURIComponent(typed)}`);
    const inbox = page.getByRole("table", { name: "Received webhooks" });
    await expect(inbox.getByRole("row").filter({ hasText: "INCOMING_PAYMENT" })).toHaveCount(1);
  }
});

test("a delivery whose sender the role sees masked says its payload is not the body as delivered", async ({
  page,
  request,
}) => {
  const uuid = randomUUID();
  await deliverPaymentEvent(request, {
    id: `Transaction:${uuid}`,
    status: "COMPLETED",
    type: "INCOMING",
    counterpartyInformation: { FULL_NAME: "Marta Maskwell" },
  });

  await signInPage(page, "viewer");
  await page.goto(`/webhooks?transactionId=${uuid}`);
  const row = page.getByRole("table", { name: "Received webhooks" }).getByRole("row").nth(1);
  await row.getByRole("button", { name: /^Open Webhook:/ }).click();
  const sheet = page.getByRole("dialog", { name: "INCOMING_PAYMENT event" });
  await expect(sheet.getByRole("heading", { name: "Payload, as your role sees it" })).toBeVisible();
  await expect(sheet.getByText(/it is not the body as delivered/)).toBeVisible();
  await expect(sheet.getByRole("figure", { name: "Event payload" })).not.toContainText("Marta");
  await shot(page, "webhooks-event-masked", { fullPage: false });
});
