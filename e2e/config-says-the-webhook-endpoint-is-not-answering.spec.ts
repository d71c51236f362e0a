import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInRequestAsSecond } from "./support/session";
import { moveWebhookEndpoint } from "./support/webhook-endpoint";

/**
 * A webhook endpoint that does not answer is said after a reload too, not only right after the save that tested
 * it: /config warns with "Put back" the endpoint it replaced (from the configuration's history), and the overview
 * says incoming payments are failing, with the way to /config.
 */
const DEAD = "http://127.0.0.1:9/dead-hook";
let admin: APIRequestContext;
let secondAdmin: APIRequestContext;
let original = "";

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  secondAdmin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequestAsSecond(secondAdmin, "admin");
  original = ((await (await serviceApi("/config")).json()) as { webhookEndpoint: string }).webhookEndpoint;
});

test.afterAll(async () => {
  if (original) await serviceApi("/config", { method: "PATCH", json: { webhookEndpoint: original } });
  await admin.dispose();
  await secondAdmin.dispose();
});

test("after a reload, /config and the overview say the webhook endpoint is not answering", async ({
  page,
}) => {
  test.slow();
  expect(original).not.toBe("");
  // Moved through the console (proposed and approved, as the page does it), so its history holds what it replaced;
  // the API sends it a TEST.
  await moveWebhookEndpoint(admin, secondAdmin, DEAD);
  await expect
    .poll(
      async () =>
        ((await (await admin.get("/api/config/webhook-endpoint")).json()) as { state: string }).state,
      { timeout: 30_000 },
    )
    .toBe("not-answering");

  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  const failing = page.getByRole("note", { name: "The webhook endpoint does not answer" });
  await expect(failing).toContainText(`${DEAD} is not answering.`);
  await expect(failing).toContainText("incoming payments fail");
  await shot(page, "config-endpoint-not-answering-after-reload", { fullPage: false });
  await failing.getByRole("button", { name: `Put back ${original}` }).click();
  await expect(page.getByLabel("Endpoint URL")).toHaveValue(original);
  await expect(page.getByLabel("Endpoint URL")).toBeFocused();

  await page.goto("/");
  const card = page.getByRole("region", { name: "Incoming payments are failing" });
  await expect(card).toContainText(DEAD);
  await shot(page, "overview-incoming-payments-failing", { fullPage: false });
  await card.getByRole("link", { name: "Fix the webhook endpoint in Configuration" }).click();
  await expect(page).toHaveURL(/\/config$/);

  // Put back, and answering again: neither page says it any longer.
  await moveWebhookEndpoint(secondAdmin, admin, original);
  await expect
    .poll(
      async () =>
        ((await (await admin.get("/api/config/webhook-endpoint")).json()) as { state: string }).state,
      { timeout: 30_000 },
    )
    .toBe("answering");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Balances|Overview/ }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Incoming payments are failing" })).toHaveCount(0);
});
