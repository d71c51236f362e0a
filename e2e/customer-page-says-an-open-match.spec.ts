import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, switchUser } from "./support/session";

/** A customer created through the console, screened at once by its relay step. */
async function createThroughConsole(
  page: Page,
  person: { fullName: string; birthDate: string; nationality: string },
) {
  const response = await page.request.post("/api/payments/customers", {
    headers: { origin: new URL(page.url()).origin, "idempotency-key": randomUUID() },
    data: { platformCustomerId: `match-${randomUUID().slice(0, 8)}`, customerType: "INDIVIDUAL", ...person },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("a customer's page says at its top that their screening holds an open watchlist match, for those who read screening", async ({
  page,
}) => {
  await signInPage(page, "admin");
  // A person on the UN list and OFAC's SDN list, and one on neither.
  const listed = await createThroughConsole(page, {
    fullName: "Tharwat Salah Shihata",
    birthDate: "1960-06-29",
    nationality: "EG",
  });
  const clear = await createThroughConsole(page, {
    fullName: "Ottilie Brandvold",
    birthDate: "1988-03-14",
    nationality: "NO",
  });

  await switchUser(page, "compliance");
  await page.goto(`/customers/${encodeURIComponent(listed)}`);
  await waitForHydration(page);
  const notice = page.getByRole("status", { name: "Watchlist screening" });
  await expect(notice).toContainText(/potential matches against/);
  await shot(page, "customer-open-match-notice", { fullPage: false });
  await notice.getByRole("link", { name: "Review the screening" }).click();
  await expect(page).toHaveURL(/#screening$/);

  await page.goto(`/customers/${encodeURIComponent(clear)}`);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Screening" })).toContainText("Screened clear");
  await expect(notice).toHaveCount(0);

  // A viewer does not read screening: nothing of it is said.
  await switchUser(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(listed)}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Tharwat Salah Shihata");
  await expect(notice).toHaveCount(0);
});
