import { expect, test } from "@playwright/test";
import { SERVICE_ORIGIN, serviceApi } from "./support/environment";
import { shot } from "./support/screens";
import { SecondConsole } from "./support/second-console";
import { signInPage } from "./support/session";
import { StallingRelay } from "./support/stalling-relay";

// A console whose payment API hangs: a second console process over the suite's databases, calling the local service
// through a relay the journey makes stall (every wait here is bounded by the expectations' time-outs).
let relay: StallingRelay;
let second: SecondConsole;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  relay = await StallingRelay.start(SERVICE_ORIGIN);
  second = await SecondConsole.start({ PAYMENT_API_BASE_URL: `${relay.origin}/2025-10-13` });
});

test.afterAll(async () => {
  await second?.stop();
  await relay?.close();
});

test("every page says at once that the payment API is not answering, and takes it back when it answers", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Signed in on the suite's console: the second shares its database and session secret, and cookies are the host's.
  await signInPage(page, "viewer");
  // No live updates: another journey's payment would refresh the list by itself, and this journey shows that the
  // notice's own return does.
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  relay.stall();
  await page.goto(`${second.origin}/transactions?status=COMPLETED`);

  const notice = page.getByRole("status").filter({ hasText: "The payment API is not answering" });
  const listFailed = page.getByText("The payment API did not answer in time.");
  // Said within seconds (once the page is idle, then the check's own 2 s), while the list's own request still waits
  // out the console's 15 s time-out, begun as the page hydrated.
  await expect(notice).toBeVisible({ timeout: 12_000 });
  await expect(listFailed).toHaveCount(0);
  expect(relay.holding, "the list's request is still held").toBeGreaterThan(0);
  await shot(page, "payment-api-not-answering", { fullPage: false });
  // As a person on a phone at night sees it (looked at in the picture: the button goes under the text).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(notice.getByRole("button", { name: "Check now" })).toBeInViewport();
  await shot(page, "payment-api-not-answering-390-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The list then says its own failure, with the notice still above it.
  await expect(listFailed).toBeVisible({ timeout: 30_000 });
  await expect(notice).toBeVisible();

  // Back: the notice goes by itself, and the list that failed meanwhile is asked again without a press of Retry.
  relay.resume();
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole("table", { name: "Transactions" }).getByRole("row").nth(1)).toBeVisible();
  await expect(listFailed).toHaveCount(0);
});

test("the overview comes at once with the payment API hung, each card waiting for it, and fills in when it answers", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInPage(page, "viewer");
  relay.stall();
  // The page's own reads give up within their budget and leave the cards to the browser: the page arrives while the
  // payment API still holds its requests, so the platform's card is still waiting for its answer, not failed.
  // Not waiting for the document's load: on a busy machine it can end only once a read still held by the API
  // gives up (its 15 s time-out), by when every card has said so; what is checked is what arrives at once.
  await page.goto(`${second.origin}/`, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const platform = page.getByRole("region", { name: "Platform" });
  await expect(platform.getByText("Reading the platform's configuration")).toBeVisible();
  expect(relay.holding, "the browser's own request for the configuration is held").toBeGreaterThan(0);

  relay.resume();
  await expect(platform.getByText("demo.uma.localhost")).toBeVisible({ timeout: 20_000 });
});

test("a payment's evidence page answers at once while the evidence is gathered, and shows it when the API answers", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const list = (await (await serviceApi("/transactions?limit=1")).json()) as { data: { id: string }[] };
  const transactionId = list.data[0]?.id ?? "";
  expect(transactionId).not.toBe("");
  await signInPage(page, "compliance");
  relay.stall();
  // The server gathers the evidence from the held API; the page and its shell come meanwhile, saying so.
  // Not waiting for the document's load: it ends only when the evidence (or its failure) has streamed in.
  await page.goto(`${second.origin}/transactions/${encodeURIComponent(transactionId)}/evidence`, {
    waitUntil: "commit",
  });
  await expect(page.getByRole("heading", { name: "Payment evidence", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Gathering the payment's evidence" }),
  ).toBeVisible();
  expect(relay.holding, "the evidence's read is held").toBeGreaterThan(0);
  // The trail is the page's own already: back to the payment, not a lower-case "evidence" under Transactions.
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link", { name: transactionId, exact: true })).toBeVisible();
  await expect(trail.getByText("Evidence", { exact: true })).toHaveAttribute("aria-current", "page");
  await shot(page, "payment-evidence-gathering", { fullPage: false });

  relay.resume();
  await page.reload();
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Gathering the payment's evidence" })).toHaveCount(
    0,
  );
});
