import { expect, test } from "@playwright/test";
import { serviceApi } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

test("a customer whose KYC was rejected is not shown ready to transact, whatever they have", async ({
  page,
}) => {
  // The demo's Olivia Brown: every field her currencies ask for, and a rejected KYC.
  const answer = await serviceApi("/customers?platformCustomerId=user-1020");
  const customer = ((await answer.json()) as { data: { id: string; kycStatus: string }[] }).data[0];
  expect(customer?.kycStatus).toBe("REJECTED");

  await signInPage(page, "viewer");
  await page.goto(`/customers/${encodeURIComponent(customer?.id ?? "")}`);
  await waitForHydration(page);
  const readiness = page.getByRole("region", { name: "Ready to transact" });
  await expect(readiness).toContainText("No money moves for this customer while their KYC is rejected.");
  await expect(readiness.getByRole("listitem").first()).toContainText("Not ready");
  await expect(readiness.getByRole("listitem").first()).toContainText("KYC rejected");
  await expect(readiness).not.toContainText("The customer has what every currency's provider requires");
  await shot(page, "customer-kyc-rejected-readiness", { fullPage: false });
});
