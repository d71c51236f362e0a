import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

const NEW_DOMAIN = "moved.example.com";
let originalDomain = "";

async function currentDomain(): Promise<string> {
  return ((await (await serviceApi("/config")).json()) as { umaDomain: string }).umaDomain;
}

async function liveCustomers(): Promise<number> {
  const body = (await (await serviceApi("/customers?limit=1")).json()) as { totalCount?: number };
  if (body.totalCount === undefined) throw new Error("the service gave no totalCount");
  return body.totalCount;
}

test.afterAll(async () => {
  // Back to the domain the other specs expect (which moves the addresses back too).
  if (originalDomain && (await currentDomain()) !== originalDomain) {
    const response = await serviceApi("/config", { method: "PATCH", json: { umaDomain: originalDomain } });
    expect(response.status).toBe(200);
  }
});

test("an admin changes the UMA domain, is told how many addresses move, and the customers' addresses move", async ({
  page,
}) => {
  // Several pages and a configuration change: slower than one page on a loaded machine.
  test.slow();
  originalDomain = await currentDomain();
  const customer = await createIndividualCustomer("Dominga Mudanza");
  const username = customer.umaAddress.slice(0, customer.umaAddress.indexOf("@"));
  expect(customer.umaAddress).toBe(`${username}@${originalDomain}`);
  const count = await liveCustomers();

  await signInPage(page, "admin");
  await page.goto("/config");
  const domain = page.getByRole("textbox", { name: "UMA domain" });
  await expect(async () => {
    await domain.fill(NEW_DOMAIN);
    await page.getByRole("button", { name: "Review changes" }).click();
    await expect(page.getByRole("dialog", { name: "Review configuration changes" })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();

  // Before saving, the review says what the change does to the customers, counted by the payment API.
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  const changes = review.getByRole("list", { name: "Changes to save" });
  await expect(changes).toContainText(
    `Moves ${count.toLocaleString("en-US")} customer UMA address${count === 1 ? "" : "es"} from @${originalDomain} to @${NEW_DOMAIN}.`,
  );
  await shot(page, "config-uma-domain-review", { fullPage: false });
  await review.getByRole("button", { name: "Save 1 change" }).click();
  await expect(review).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: "Configuration saved: 1 change applied." }),
  ).toBeVisible();

  // The payment API moved the address, and the customer's page shows it.
  const moved = `${username}@${NEW_DOMAIN}`;
  const stored = (await (await serviceApi(`/customers/${encodeURIComponent(customer.id)}`)).json()) as {
    umaAddress: string;
  };
  expect(stored.umaAddress).toBe(moved);
  await page.goto(`/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { name: "Dominga Mudanza", level: 1 })).toBeVisible();
  await expect(page.getByText(moved, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(customer.umaAddress, { exact: true })).toHaveCount(0);
  await shot(page, "customer-moved-uma-address");
});
