import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { demoUser, secondDemoUser, serviceApi } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInRequestAs, signInWith } from "./support/session";

test.describe.configure({ mode: "serial" });

type Currency = { currencyCode: string } & Record<string, unknown>;
type Proposal = { id: string; kind: string; status: string; proposalRequestId: string };

let adminA: APIRequestContext;
let adminB: APIRequestContext;
let second = { email: "", password: "" };
let original: Currency[] = [];
let proposalId = "";

async function currencies(): Promise<Currency[]> {
  return ((await (await serviceApi("/config")).json()) as { supportedCurrencies: Currency[] })
    .supportedCurrencies;
}

const codes = async () => (await currencies()).map((currency) => currency.currencyCode);
/** The currency list as PATCH /config takes it (without what the provider sets). */
const writable = (list: Currency[]) => list.map(({ providerRequiredCustomerFields: _, ...entry }) => entry);

async function pendingProposals(): Promise<Proposal[]> {
  return ((await (await adminA.get("/api/config/proposals")).json()) as { pending: Proposal[] }).pending;
}

test.beforeAll(async ({ baseURL }) => {
  const context = () =>
    playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  adminA = await context();
  await signInRequest(adminA, "admin");
  // The demo's second admin: an admin created through the team page would be the first one's own creation, a
  // proposal itself, and too new to approve what was proposed before it (issue 46 item 2).
  const seeded = secondDemoUser("admin");
  second = { email: seeded.email, password: seeded.password };
  adminB = await context();
  await signInRequestAs(adminB, second.email, second.password);
  original = await currencies();
});

// The rule is the whole console's: leave it off, nothing waiting and the currencies as they were, for other specs.
test.afterAll(async () => {
  await withConsoleDatabase(async (client) => {
    await client.query("DELETE FROM console_settings WHERE key = 'four-eyes'");
    await client.query("UPDATE config_proposals SET status = 'withdrawn' WHERE status = 'proposed'");
  });
  if (original.length > 0) {
    await serviceApi("/config", { method: "PATCH", json: { supportedCurrencies: writable(original) } });
  }
  await adminA.dispose();
  await adminB.dispose();
});

/**
 * Opens a confirmation by its button and confirms it. The button is pressed again only while its dialog is not
 * open: a first press may race hydration, and a press behind an open dialog would wait on its overlay.
 */
async function confirmThrough(page: Page, button: Locator, title: string, confirm: string) {
  const dialog = page.getByRole("alertdialog", { name: title }).or(page.getByRole("dialog", { name: title }));
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await dialog.getByRole("button", { name: confirm }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

async function openConfig(page: Page) {
  await page.goto("/config");
  await waitForHydration(page);
  await expect(page.getByRole("table", { name: "Supported currencies" })).toBeVisible({ timeout: 30_000 });
}

test("a change to the supported currencies waits for a second admin, who applies it; the audit log links the two", async ({
  page,
}) => {
  // Two people, several pages and the audit log: minutes on a loaded machine.
  test.setTimeout(360_000);
  expect(await codes()).not.toContain("CHF");
  await signInPage(page, "admin");
  await openConfig(page);

  // Admin A turns the rule on for supported currencies: stricter, so no second admin is needed for that.
  const rule = page.getByRole("region", { name: "Second admin for changes" });
  const currenciesSwitch = rule.getByRole("switch", { name: "Supported currencies need a second admin" });
  // The webhook endpoint's is on and stays on, and says why.
  const endpointSwitch = rule.getByRole("switch", { name: "Webhook endpoint needs a second admin" });
  await expect(endpointSwitch).toBeChecked();
  await expect(endpointSwitch).toBeDisabled();
  await expect(endpointSwitch).toHaveAccessibleDescription(
    "Always: the payment API asks this endpoint whether to accept each incoming payment, and its answer is the approval.",
  );
  await expect(async () => {
    // Pressed again only while still off: a first press may race hydration.
    if (!(await currenciesSwitch.isChecked())) await currenciesSwitch.click({ timeout: 5_000 });
    await expect(currenciesSwitch).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await rule.getByRole("button", { name: "Save four-eyes setting" }).click();
  await expect(rule.getByText("No unsaved change.")).toBeVisible();
  const setting = (await (await adminA.get("/api/config/four-eyes")).json()) as {
    setting: { config: Record<string, boolean> };
  };
  // The webhook endpoint needs a second admin whatever the switches say (decision 0091).
  expect(setting.setting.config).toEqual({
    supportedCurrencies: true,
    umaDomain: false,
    webhookEndpoint: true,
  });

  // A adds CHF: the save button says before saving that a second admin must approve it.
  await page.getByRole("button", { name: "Add currency" }).click();
  const picker = page.getByRole("dialog", { name: "Add a currency" });
  await picker.getByRole("combobox", { name: "Search by code or name" }).fill("chf");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await page.getByLabel("Maximum for CHF").fill("50,000");
  // On a phone the save bar's buttons fit the screen: the page does not scroll sideways to reach them.
  await page.setViewportSize({ width: 390, height: 844 });
  const propose = page.getByRole("button", { name: "Propose change", exact: true });
  await expect(propose).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await propose.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
  await shot(page, "config-propose-390", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Propose change — needs a second admin" }).click();
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await expect(review).toContainText("need a second admin");
  await review.getByRole("button", { name: "Propose 1 change" }).click();
  await expect(review).toBeHidden();

  // Stored, not applied: the API's configuration has no CHF, and the page shows the pending change.
  const pending = page.getByRole("region", { name: "Pending configuration change" });
  await expect(pending).toBeVisible();
  await expect(pending.getByRole("list", { name: "Proposed changes" })).toContainText("CHF");
  await expect(pending).toContainText("Proposed by you");
  expect(await codes()).not.toContain("CHF");
  const [proposal] = await pendingProposals();
  expect(proposal?.kind).toBe("config");
  proposalId = proposal?.id ?? "";

  // A's own approval is refused: on the page, and by the server when asked directly.
  const ownApprove = pending.getByRole("button", { name: "Approve" });
  await expect(ownApprove).toHaveAttribute("aria-disabled", "true");
  await expect(pending.getByRole("button", { name: "Withdraw" })).toBeVisible();
  const own = await adminA.post(`/api/config/proposals/${proposalId}/approve`);
  expect(own.status()).toBe(409);
  expect(((await own.json()) as { code: string }).code).toBe("SECOND_ADMIN_REQUIRED");

  // While it waits, a second change of the currencies is not prepared only to be refused: the button says why.
  await page.getByLabel("Maximum for USD").fill("60,000");
  const proposeAnother = page.getByRole("button", { name: "Propose change — needs a second admin" });
  await expect(proposeAnother).toHaveAttribute("aria-disabled", "true");
  await expect(
    page.getByRole("status").filter({ hasText: "already waits for a second admin above" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  expect(await codes()).not.toContain("CHF");
  // A second change while one waits is refused rather than queued behind it.
  const another = await adminA.patch("/api/payments/config", {
    data: { supportedCurrencies: writable(original).filter((entry) => entry.currencyCode !== "EUR") },
  });
  expect(another.status()).toBe(409);
  expect(((await another.json()) as { code: string }).code).toBe("CONFIG_PROPOSAL_PENDING");

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "config-pending-change-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "config-pending-change-390", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A's own proposal does not wait for A.
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/proposals/waiting"));
  await page.goto("/");
  expect(((await (await answered).json()) as { data: unknown[] }).data).toEqual([]);
  await expect(page.getByRole("region", { name: /^Waiting for you as the second person/ })).toHaveCount(0);

  // Admin B approves: the change is applied through the relay.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await signInWith(page, second.email, second.password);
  // B learns of it on the overview, where they land, with the way to it; A's own overview does not ask A.
  await page.goto("/");
  const waiting = page.getByRole("region", { name: /^Waiting for you as the second person/ });
  await expect(waiting).toContainText(`Configuration change proposed by ${demoUser("admin").name}`);
  await shot(page, "overview-waiting-for-second-admin", { fullPage: false });
  await waiting.getByRole("link", { name: "Review: Configuration change" }).click();
  await expect(page).toHaveURL(/\/config$/);
  await openConfig(page);
  // B reads who proposed it by name, as the queue and timelines name people; the email on hover.
  await expect(pending).toContainText(`Proposed by ${demoUser("admin").name}`);
  await expect(pending.getByText(demoUser("admin").name, { exact: true })).toHaveAttribute(
    "title",
    "admin@demo.local",
  );
  await expect(pending.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await confirmThrough(
    page,
    pending.getByRole("button", { name: "Approve" }),
    "Approve and apply this change?",
    "Approve and apply",
  );
  await expect(pending).toBeHidden();
  await expect.poll(codes).toContain("CHF");
  await expect(page.getByLabel("Maximum for CHF")).toHaveValue(/50,?000/);
  // The change history names both admins: the one who approved it, and the one who proposed it.
  const latest = page.getByRole("list", { name: "Configuration changes" }).getByRole("listitem").first();
  // Named as the console names people (the email on hover), the role as the Team page labels it.
  await expect(latest).toContainText(`${secondDemoUser("admin").name}(Admin)`);
  await expect(latest).toContainText(`Approved; proposed by ${demoUser("admin").name}`);
  await expect(latest.getByText(demoUser("admin").name, { exact: true })).toHaveAttribute(
    "title",
    demoUser("admin").email,
  );
  await expect(latest.getByText(secondDemoUser("admin").name, { exact: true })).toHaveAttribute(
    "title",
    second.email,
  );

  // The audit log: the proposal (A), the approval (B) and the change it applied (B), one target, linked.
  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{
          action: string;
          actor_email: string;
          request_id: string;
          summary: Record<string, unknown>;
        }>(
          "SELECT action, actor_email, request_id, summary FROM audit_events WHERE target_id = $1 AND outcome = 'allowed' ORDER BY id",
          [proposalId],
        )
      ).rows,
  );
  expect(rows.map((row) => [row.action, row.actor_email, row.summary.fourEyes ?? null])).toEqual([
    ["config.update", demoUser("admin").email, "proposed"],
    ["config.update", second.email, "approved"],
    ["config.proposal.approve", second.email, null],
  ]);
  const [proposed, applied] = rows;
  expect(applied?.summary.proposalRequestId).toBe(proposed?.request_id);
  expect(applied?.summary.proposedBy).toBe(demoUser("admin").email);
  expect(applied?.summary.after).toBeTruthy();

  // The audit page shows the link: from the approval to every entry of the proposal.
  await page.goto("/audit?action=config.proposal.approve");
  const log = page.getByRole("table", { name: "Audit log" });
  // The audit log's first page can take a while on a loaded machine.
  await expect(log).toBeVisible({ timeout: 30_000 });
  await log
    .getByRole("link", { name: `Proposal and decision of change ${proposalId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`target=${proposalId}`));
  await expect(log.getByRole("row").filter({ hasText: "proposed" })).not.toHaveCount(0);
  await expect(log.getByRole("row").filter({ hasText: "config.proposal.approve" })).not.toHaveCount(0);
  await shot(page, "config-proposal-audit-rows");
});

test("a declined change leaves the configuration as it was; a stale one is superseded; turning the rule off takes two admins", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const withChf = await currencies();
  // A proposes removing CHF again; B declines it on the page.
  const proposed = await adminA.patch("/api/payments/config", {
    data: { supportedCurrencies: writable(withChf).filter((entry) => entry.currencyCode !== "CHF") },
  });
  expect(proposed.status()).toBe(202);
  await signInWith(page, second.email, second.password);
  await openConfig(page);
  const pending = page.getByRole("region", { name: "Pending configuration change" });
  await expect(pending.getByRole("list", { name: "Proposed changes" })).toContainText("CHF");
  await confirmThrough(
    page,
    pending.getByRole("button", { name: "Decline" }),
    "Decline this change?",
    "Decline change",
  );
  await expect(pending).toBeHidden();
  expect(await codes()).toContain("CHF");
  const declinedId = ((await proposed.json()) as Proposal).id;
  const again = await adminB.post(`/api/config/proposals/${declinedId}/approve`);
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe("PROPOSAL_DECIDED");

  // A, coming back to the page later, is told that B declined it, once: dismissed, it is not said again.
  // Leave the page first: a page whose session vanishes sends itself to the sign-in page, racing this one.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await signInPage(page, "admin");
  await openConfig(page);
  const told = page
    .getByRole("status", { name: "Pending configuration change: decided" })
    .filter({ hasText: "Declined by" });
  await expect(told).toContainText("Your proposed configuration change");
  await expect(told).toContainText(`Declined by ${secondDemoUser("admin").name}: nothing was applied.`);
  await shot(page, "config-proposer-told-declined", { fullPage: false });
  await told.getByRole("button", { name: "Dismiss" }).click();
  await expect(told).toHaveCount(0);
  await openConfig(page);
  await expect(page.getByRole("status", { name: "Pending configuration change: decided" })).not.toHaveCount(
    0,
  );
  await expect(told).toHaveCount(0);

  // A proposal whose configuration moved since (another system changed it) is refused and superseded.
  const stale = await adminA.patch("/api/payments/config", {
    data: { supportedCurrencies: writable(withChf).filter((entry) => entry.currencyCode !== "CHF") },
  });
  expect(stale.status()).toBe(202);
  const staleId = ((await stale.json()) as Proposal).id;
  const moved = await serviceApi("/config", {
    method: "PATCH",
    json: {
      supportedCurrencies: writable(withChf).map((entry) =>
        entry.currencyCode === "CHF" ? { ...entry, maxAmount: 4_000_000 } : entry,
      ),
    },
  });
  expect(moved.status).toBe(200);
  const refused = await adminB.post(`/api/config/proposals/${staleId}/approve`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe("STALE_PROPOSAL");
  expect(await codes()).toContain("CHF");
  const recent = ((await (await adminA.get("/api/config/proposals")).json()) as { recent: Proposal[] })
    .recent;
  expect(recent.find((entry) => entry.id === staleId)?.status).toBe("superseded");

  // Turning the rule off while it is on is itself a proposal: one admin cannot switch it off and change alone.
  // The webhook endpoint's switch cannot be turned off at all: its answer approves every incoming payment.
  const endpointOff = await adminA.put("/api/config/four-eyes", {
    data: { config: { supportedCurrencies: true, umaDomain: false, webhookEndpoint: false } },
  });
  expect(endpointOff.status()).toBe(400);
  expect(await endpointOff.text()).toContain("The webhook endpoint always needs a second admin");
  const off = { config: { supportedCurrencies: false, umaDomain: false, webhookEndpoint: true } };
  const offByA = await adminA.put("/api/config/four-eyes", { data: off });
  expect(offByA.status()).toBe(202);
  const offProposal = ((await offByA.json()) as { proposal: Proposal }).proposal;
  expect(offProposal.kind).toBe("four-eyes");
  expect(
    ((await (await adminA.get("/api/config/four-eyes")).json()) as { setting: typeof off }).setting.config
      .supportedCurrencies,
  ).toBe(true);
  expect((await adminB.post(`/api/config/proposals/${offProposal.id}/approve`)).status()).toBe(200);
  expect(
    ((await (await adminA.get("/api/config/four-eyes")).json()) as { setting: typeof off }).setting,
  ).toEqual(off);
});
