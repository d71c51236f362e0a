import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { demoUser } from "./support/environment";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";
import { queryConsoleDatabase } from "./support/webhooks";

// One console holds the sandbox's and production's credentials (the launcher gives the local service both, each its
// own platform and webhook key); a switch in the top bar changes which one every page and call uses.

function switcher(page: Page, environment: "Sandbox" | "Production") {
  return page.getByRole("button", { name: `Environment: ${environment}. Switch environment` });
}

async function switchTo(page: Page, from: "Sandbox" | "Production", to: "Sandbox" | "Production") {
  // Tried until the top bar's script has taken the button over (the first press may come before hydration).
  await expect(async () => {
    await switcher(page, from).click();
    await page.getByRole("menuitem", { name: new RegExp(`^${to}`) }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(switcher(page, to)).toBeVisible({ timeout: 20_000 });
}

async function createCustomerThroughConsole(page: Page, baseURL: string): Promise<string> {
  const response = await page.request.post("/api/payments/customers", {
    headers: { origin: baseURL, "idempotency-key": randomUUID() },
    data: {
      platformCustomerId: `env-${randomUUID().slice(0, 8)}`,
      customerType: "INDIVIDUAL",
      fullName: "Production Person",
      birthDate: "1990-04-02",
      nationality: "MX",
      address: { line1: "Av. Reforma 1", city: "Ciudad de México", postalCode: "06600", country: "MX" },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("an admin switches to production and back: its name and colour, its own data and inbox, no sandbox there", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  // Only this journey's switches count: other specs switch as the same admin before it.
  const [start] = await queryConsoleDatabase<{ last: string }>(
    "SELECT coalesce(max(id), 0)::text AS last FROM audit_events",
  );
  await signInPage(page, "admin");
  await page.goto("/transactions");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(switcher(page, "Sandbox")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sandbox" })).toBeVisible();
  const sandboxCustomer = await createCustomerThroughConsole(page, origin);

  await switchTo(page, "Sandbox", "Production");
  // The same area of the console, now production's: its own platform, where the demo's history is not.
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText("No transactions yet")).toBeVisible({ timeout: 20_000 });
  await expect(nav.getByRole("link", { name: "Sandbox" })).toHaveCount(0);
  await shot(page, "environment-production-transactions");
  await switcher(page, "Production").click();
  await expect(page.getByRole("menuitem", { name: /^Production/ })).toBeVisible();
  await shot(page, "environment-switch-menu", { fullPage: false });
  await page.keyboard.press("Escape");

  // Every call goes with production's credential: a customer made now exists in production only, the sandbox's
  // is not found here, and the sandbox's own actions are refused.
  const productionCustomer = await createCustomerThroughConsole(page, origin);
  await page.goto(`/customers/${encodeURIComponent(sandboxCustomer)}`);
  await expect(page.getByText("This customer does not exist")).toBeVisible({ timeout: 20_000 });
  await page.goto(`/customers/${encodeURIComponent(productionCustomer)}`);
  await expect(page.getByRole("heading", { name: "Production Person", level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  // No sandbox funding exists here: the customer's accounts offer transfers only.
  await expect(page.getByRole("button", { name: /^Fund/ })).toHaveCount(0);
  await shot(page, "environment-production-customer");
  const fund = await page.request.post("/api/payments/sandbox/uma/receive", {
    headers: { origin, "idempotency-key": randomUUID() },
    data: {
      senderUmaAddress: "$success.usd@sandbox.uma.money",
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 100,
      customerId: productionCustomer,
    },
  });
  expect(fund.status()).toBe(403);

  // Production's own webhook key and inbox: its test event verifies with production's key and is listed there only.
  await page.goto("/webhooks?tab=test");
  await expect(async () => {
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(page.getByRole("region", { name: "Test webhook result" })).toContainText("HTTP 200", {
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
  const [stored] = await queryConsoleDatabase<{ webhook_id: string; environment: string }>(
    "SELECT webhook_id, environment FROM webhook_events WHERE type = 'TEST' ORDER BY id DESC LIMIT 1",
  );
  expect(stored?.environment).toBe("production");
  const productionTest = stored?.webhook_id ?? "";
  await page.goto("/webhooks");
  const openProductionTest = page
    .getByRole("table", { name: "Received webhooks" })
    .getByRole("button", { name: `Open ${productionTest}` });
  await expect(openProductionTest).toBeVisible({ timeout: 20_000 });

  // Someone else's browser is still in the sandbox: the choice is each person's.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInPage(otherPage, "compliance");
  await otherPage.goto("/");
  await expect(switcher(otherPage, "Sandbox")).toBeVisible();
  await other.close();

  await switchTo(page, "Production", "Sandbox");
  await page.goto("/webhooks");
  await expect(page.getByRole("table", { name: "Received webhooks" })).toBeVisible({ timeout: 20_000 });
  await expect(openProductionTest).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Sandbox" })).toBeVisible();

  // Each switch is in the audit log, and the customer made in production says where it was made.
  const switches = await queryConsoleDatabase<{ target_id: string; outcome: string }>(
    "SELECT target_id, outcome FROM audit_events WHERE id > $1::bigint AND action = 'environment.switch' AND actor_email = $2 ORDER BY id",
    [start?.last ?? "0", demoUser("admin").email],
  );
  expect(switches.filter((row) => row.outcome === "allowed").map((row) => row.target_id)).toEqual([
    "production",
    "sandbox",
  ]);
  const [created] = await queryConsoleDatabase<{ environment: string }>(
    "SELECT summary->>'environment' AS environment FROM audit_events WHERE action = 'customer.create' AND target_id = $1 AND outcome = 'allowed'",
    [productionCustomer],
  );
  expect(created?.environment).toBe("production");
});
