import { expect, test } from "@playwright/test";
import { createIndividualCustomer, receiveSandboxPayment, waitingCount } from "./support/fixtures";
import { signInPage } from "./support/session";

test("the console has an icon and a manifest, with no error in the browser's console", async ({
  page,
  request,
}) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/icon/);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ name: "Payments console", icons: expect.any(Array) });
  expect((await request.get("/icon.svg")).status()).toBe(200);

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().includes("/api/"))
      errors.push(`${response.status()} ${response.url()}`);
  });
  await signInPage(page, "viewer");
  await page.goto("/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", /favicon\.ico|icon\.svg/);
  expect(errors).toEqual([]);
});

test("the tab's title says how many payments wait, on every page", async ({ page }) => {
  const customer = await createIndividualCustomer("Tabitha Título");
  await receiveSandboxPayment(customer.id, 4_200);
  const waiting = await waitingCount();
  expect(waiting).toBeGreaterThan(0);

  await signInPage(page, "compliance");
  await page.goto("/customers");
  // The title against the service's count read at the same moment: payments left pending by earlier specs time out
  // meanwhile, so a count read before the page loaded may be one too many (a full run failed that way).
  const shown = (n: number) => `(${n > 99 ? "99+" : String(n)}) Customers · Payments console`;
  await expect
    .poll(async () => (await page.title()) === shown(await waitingCount()), { timeout: 10_000 })
    .toBe(true);
  await page.goto("/transactions");
  await expect(page).toHaveTitle(/^\(\d+\+?\) Transactions · Payments console$/);
});
