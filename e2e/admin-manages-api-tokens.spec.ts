import { expect, test } from "@playwright/test";
import pg from "pg";
import { API_BASE, consoleDatabaseUrl } from "./support/environment";
import { openFromMainNavigation } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const call = (
  clientId: string,
  secret: string,
  path: string,
  init: { method?: string; json?: unknown } = {},
) =>
  fetch(`${API_BASE}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

test("an admin creates an API token, copies its secret shown once, and revokes it; the console keeps no secret", async ({
  page,
}) => {
  const name = `Reporting ${Date.now()}`;
  await signInPage(page, "admin");
  await openFromMainNavigation(page, "API tokens");
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  const form = page.getByRole("form", { name: "Create a token" });
  await expect(async () => {
    await form.getByLabel("Name").fill(name);
    await expect(form.getByLabel("Name")).toHaveValue(name, { timeout: 1_000 });
  }).toPass();
  await expect(form.getByRole("checkbox", { name: "View" })).toBeChecked();
  await form.getByRole("button", { name: "Create token" }).click();

  const secretPanel = page.getByRole("region", { name: `Copy the secret of ${name} now` });
  await expect(secretPanel).toBeVisible();
  // The panel says which address a program calls with what it shows: the payment API's base URL.
  await expect(secretPanel.locator("code").nth(0)).toHaveText(API_BASE);
  await expect(secretPanel).toContainText("client id as user name and the secret as password");
  const clientId = (await secretPanel.locator("code").nth(1).textContent()) ?? "";
  const secret = (await secretPanel.locator("code").nth(2).textContent()) ?? "";
  expect(clientId).toMatch(/^tok_/);
  expect(secret.length).toBeGreaterThan(20);
  await expect(secretPanel.getByRole("button", { name: /Copy client secret/ })).toBeVisible();
  await shot(page, "api-token-created");

  // The token works with exactly its permission: reading, not changing.
  expect((await call(clientId, secret, "/config")).status).toBe(200);
  expect((await call(clientId, secret, "/config", { method: "PATCH", json: {} })).status).toBe(403);

  // The console stored no secret anywhere: not in its audit log, not in its answers kept for repeats.
  const db = new pg.Client({ connectionString: consoleDatabaseUrl() });
  await db.connect();
  try {
    const found = await db.query(
      "SELECT (SELECT count(*) FROM audit_events WHERE summary::text LIKE $1) + (SELECT count(*) FROM action_keys WHERE body LIKE $1) AS hits",
      [`%${secret}%`],
    );
    expect(Number(found.rows[0].hits)).toBe(0);
    // The answer was kept for a repeat of the same click (double submission), without the secret.
    const kept = await db.query("SELECT count(*) AS n FROM action_keys WHERE body LIKE $1", [
      `%${clientId}%`,
    ]);
    expect(Number(kept.rows[0].n)).toBe(1);
  } finally {
    await db.end();
  }

  await secretPanel.getByRole("button", { name: "I have stored it" }).click();
  await expect(secretPanel).toHaveCount(0);
  // Its button went with it: focus is on the page's content, not its body.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole("table", { name: "API tokens" }).getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(clientId);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke ${name}?` });
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole("table", { name: "API tokens" }).getByRole("row", { name: new RegExp(name) }),
  ).toHaveCount(0);
  expect((await call(clientId, secret, "/config")).status).toBe(401);
});

test("only admins manage API tokens; the area says why to others", async ({ page }) => {
  await signInPage(page, "developer");
  await page.goto("/tokens");
  // Said at once, as the audit log says it: not a form that could never be sent.
  await expect(page.getByText("You cannot manage API tokens")).toBeVisible();
  // In the page (the sidebar's locked item gives the same reason to screen readers).
  await expect(
    page
      .getByRole("main")
      .getByText("Only admins see, create and revoke the platform's API tokens.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Create token" })).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "API tokens" })).toHaveCount(0);
  await shot(page, "tokens-not-an-admin", { fullPage: false });
  // The list's route refuses them too: the page only mirrors it.
  expect((await page.request.get("/api/tokens")).status()).toBe(403);
});
