import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { secondDemoUser, serviceApi } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInRequestAs } from "./support/session";

/**
 * The proposer's /config page, left open while another admin approves their change: it learns of the decision
 * without a reload (the console's live updates), names who approved it, and its save bar stops saying a proposal
 * waits. Where the page has not heard (its live stream cut), a Withdraw refused because the change was already
 * applied says why in the page.
 */
test.describe.configure({ mode: "serial" });

let adminA: APIRequestContext;
let adminB: APIRequestContext;
let originalDomain = "";
const SAVE_BAR_PROPOSED = "Change proposed: it is applied when another admin approves it";

const currentDomain = async () =>
  ((await (await serviceApi("/config")).json()) as { umaDomain: string }).umaDomain;

async function pendingId(): Promise<string> {
  const answer = (await (await adminA.get("/api/config/proposals")).json()) as {
    pending: { id: string; kind: string }[];
  };
  const proposal = answer.pending.find((each) => each.kind === "config");
  expect(proposal, "a configuration change waits").toBeDefined();
  return proposal?.id ?? "";
}

test.beforeAll(async ({ baseURL }) => {
  const context = () =>
    playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  adminA = await context();
  await signInRequest(adminA, "admin");
  const second = secondDemoUser("admin");
  adminB = await context();
  await signInRequestAs(adminB, second.email, second.password);
  originalDomain = await currentDomain();
  const on = await adminA.put("/api/config/four-eyes", {
    data: { config: { supportedCurrencies: false, umaDomain: true, webhookEndpoint: true } },
  });
  expect(on.ok()).toBe(true);
});

test.afterAll(async () => {
  await withConsoleDatabase(async (client) => {
    await client.query("DELETE FROM console_settings WHERE key = 'four-eyes'");
    await client.query("UPDATE config_proposals SET status = 'withdrawn' WHERE status = 'proposed'");
  });
  if (originalDomain) {
    await serviceApi("/config", { method: "PATCH", json: { umaDomain: originalDomain } });
  }
  await adminA.dispose();
  await adminB.dispose();
});

/** Admin A proposes a new UMA domain on the page and is told it waits, in the pending panel and the save bar. */
async function propose(page: Page, domain: string) {
  await page.goto("/config");
  await waitForHydration(page);
  const field = page.getByRole("textbox", { name: "UMA domain" });
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await expect(async () => {
    await field.fill(domain);
    await page.getByRole("button", { name: "Propose change — needs a second admin" }).click();
    await expect(review).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await review.getByRole("button", { name: /^Propose 1 change/ }).click();
  await expect(review).toBeHidden();
  const pending = page.getByRole("region", { name: "Pending configuration change" });
  await expect(pending).toContainText("Proposed by you");
  await expect(page.locator("#config-save-status")).toContainText(SAVE_BAR_PROPOSED);
  return pending;
}

test("the proposer's open page learns that another admin approved the change, and who", async ({ page }) => {
  test.slow();
  await signInPage(page, "admin");
  const pending = await propose(page, "moved-live.example.com");
  const id = await pendingId();

  // Admin B approves from elsewhere; A's page is not reloaded.
  const approved = await adminB.post(`/api/config/proposals/${id}/approve`);
  expect(approved.status()).toBe(200);

  await expect(pending).toBeHidden({ timeout: 30_000 });
  const outcome = page
    .getByRole("status", { name: "Pending configuration change: decided" })
    .filter({ hasText: "UMA domain to moved-live.example.com" });
  await expect(outcome).toContainText("Approved and applied by Sam Second-Admin");
  await expect(outcome.getByText("Approved and applied by Sam Second-Admin")).toHaveAttribute(
    "title",
    "second-admin@demo.local",
  );
  await expect(page.getByRole("textbox", { name: "UMA domain" })).toHaveValue("moved-live.example.com");
  await expect(page.locator("#config-save-status")).not.toContainText(SAVE_BAR_PROPOSED);
  await shot(page, "config-proposal-approved-elsewhere", { fullPage: false });
});

test("a Withdraw refused because the change was applied meanwhile says why, and the bar stops saying it waits", async ({
  page,
}) => {
  test.slow();
  // This page hears nothing live: it learns only from what its own Withdraw is answered.
  await page.route("**/api/events", (route) => route.abort());
  await signInPage(page, "admin");
  const pending = await propose(page, "moved-quietly.example.com");
  const id = await pendingId();
  expect((await adminB.post(`/api/config/proposals/${id}/approve`)).status()).toBe(200);

  await pending.getByRole("button", { name: "Withdraw" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Withdraw this proposal?" });
  await dialog.getByRole("button", { name: "Withdraw proposal" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "This proposal is no longer waiting" });
  await expect(refusal.first()).toBeVisible();
  await expect(refusal.first()).toContainText("it was applied");
  // The dialog goes with the proposal it was about; the page still says why, and what became of it.
  await expect(pending).toBeHidden({ timeout: 30_000 });
  await expect(
    page.getByRole("alert").filter({ hasText: "This proposal is no longer waiting" }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("status", { name: "Pending configuration change: decided" })
      .filter({ hasText: "UMA domain to moved-quietly.example.com" }),
  ).toContainText("Approved and applied by Sam Second-Admin");
  await expect(page.locator("#config-save-status")).not.toContainText(SAVE_BAR_PROPOSED);
  await shot(page, "config-withdraw-refused", { fullPage: false });
});

test("after a withdrawal the bar no longer says the change waits", async ({ page }) => {
  test.slow();
  await signInPage(page, "admin");
  const pending = await propose(page, "withdrawn.example.com");
  await pending.getByRole("button", { name: "Withdraw" }).click();
  await page
    .getByRole("alertdialog", { name: "Withdraw this proposal?" })
    .getByRole("button", { name: "Withdraw proposal" })
    .click();
  await expect(pending).toBeHidden();
  await expect(page.locator("#config-save-status")).not.toContainText(SAVE_BAR_PROPOSED);
});
