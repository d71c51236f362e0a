import {
  type APIRequestContext,
  expect,
  type Locator,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { demoUser, secondDemoUser } from "./support/environment";
import { wrapsInsideWords } from "./support/line-breaks";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInRequestAs } from "./support/session";

/**
 * Token names and webhook URLs keep to the console's limits (100 and 2,048 characters), said by the form and the
 * server alike; the longest name allowed pushes neither the tokens list's columns nor the Revoke dialog off a 1280
 * window; the list wraps between words and names people as the console does.
 */
let adminA: APIRequestContext;
let adminB: APIRequestContext;
const stamp = Date.now().toString(36);
// The longest name allowed, with no place to wrap.
const LONGEST = `Z${stamp}${"x".repeat(100)}`.slice(0, 100);
const APPROVED = `Ledger sync ${stamp}`;

test.beforeAll(async ({ baseURL }) => {
  const context = () =>
    playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  adminA = await context();
  await signInRequest(adminA, "admin");
  const second = secondDemoUser("admin");
  adminB = await context();
  await signInRequestAs(adminB, second.email, second.password);
});

test.afterAll(async () => {
  await adminA.dispose();
  await adminB.dispose();
});

async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return (box?.x ?? 0) + (box?.width ?? 0);
}

test("a token name over 100 characters is refused by the server and by the form, with why", async ({
  page,
}) => {
  const tooLong = await adminA.post("/api/payments/tokens", {
    data: { name: "n".repeat(101), permissions: ["VIEW"] },
  });
  expect(tooLong.status()).toBe(400);
  expect(JSON.stringify(await tooLong.json())).toContain("At most 100 characters");
  const proposed = await adminA.post("/api/tokens/proposals", {
    data: { name: "n".repeat(101), permissions: ["MANAGE"], expiresInDays: 30 },
  });
  expect(proposed.status()).toBe(400);

  await signInPage(page, "admin");
  await page.goto("/tokens");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Create a token" });
  await form.getByLabel("Name").fill("n".repeat(101));
  // Not cut short by the field: the whole paste is there, and the form says why it is refused.
  await expect(form.getByLabel("Name")).toHaveValue("n".repeat(101));
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form).toContainText("At most 100 characters (this one has 101)");
});

test("the longest token name keeps the list and the Revoke dialog in a 1280 window; people are named", async ({
  page,
}) => {
  test.slow();
  expect(
    (await adminA.post("/api/payments/tokens", { data: { name: LONGEST, permissions: ["VIEW"] } })).status(),
  ).toBe(201);
  const proposal = await adminA.post("/api/tokens/proposals", {
    data: { name: APPROVED, permissions: ["TRANSACT"], expiresInDays: 30 },
  });
  expect(proposal.status()).toBeLessThan(300);
  const { id } = (await proposal.json()) as { id: string };
  expect((await adminB.post(`/api/config/proposals/${id}/approve`)).status()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 720 });
  await signInPage(page, "admin");
  await page.goto("/tokens");
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "API tokens" });
  const longRow = table.getByRole("row").filter({ hasText: LONGEST.slice(0, 20) });
  await expect(longRow).toHaveCount(1);
  // The whole name is there, as the cell's title.
  await expect(longRow.getByTitle(LONGEST)).toBeVisible();
  const revoke = longRow.getByRole("button", { name: /^Revoke/ });
  expect(await rightEdge(revoke)).toBeLessThanOrEqual(1280);

  // Named as the console names people, the email on hover; wrapped between words, not inside one.
  const approvedRow = table.getByRole("row").filter({ hasText: APPROVED });
  const provenance = approvedRow.getByRole("cell").filter({ hasText: "approved by" });
  await expect(provenance).toContainText(`${demoUser("admin").name}approved by Sam Second-Admin`);
  await expect(provenance.getByText("Sam Second-Admin")).toHaveAttribute("title", "second-admin@demo.local");
  await expect(provenance.getByText(demoUser("admin").name)).toHaveAttribute(
    "title",
    demoUser("admin").email,
  );
  // Every cell but the longest name's (one word of 100 letters, which can only be cut) wraps between words; who
  // created and who approved are lines of their own, each checked alone.
  const cells = [
    ...(await longRow.getByRole("cell").all()).slice(1),
    ...(await approvedRow.getByRole("cell").all()),
  ];
  for (const cell of cells) {
    const lines = cell.locator("div:not(:has(div))");
    const parts = (await lines.count()) > 0 ? await lines.all() : [cell];
    for (const part of parts) expect(await wrapsInsideWords(part)).toEqual([]);
  }
  await shot(page, "tokens-longest-name-1280");

  await revoke.click();
  const dialog = page.getByRole("alertdialog", { name: /^Revoke Z/ });
  await expect(dialog).toBeVisible();
  expect(await rightEdge(dialog)).toBeLessThanOrEqual(1280);
  expect(await rightEdge(dialog.getByRole("button", { name: "Revoke token" }))).toBeLessThanOrEqual(1280);
  await shot(page, "tokens-revoke-longest-name-1280", { fullPage: false });
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(dialog).toBeHidden();
});

test("a webhook URL over 2,048 characters is refused by the server and by the form, with why", async ({
  page,
}) => {
  const url = `https://example.com/${"a".repeat(2_100)}`;
  const refused = await adminA.patch("/api/payments/config", { data: { webhookEndpoint: url } });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain("At most 2,048 characters");

  await signInPage(page, "admin");
  await page.goto("/config");
  await waitForHydration(page);
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: /^Review changes|^Propose change/ }).click();
  await expect(
    page.getByText(`At most 2,048 characters (this one has ${url.length.toLocaleString("en-US")})`),
  ).toBeVisible();
});
