import { expect, request as playwrightRequest, test } from "@playwright/test";
import { searchQueue } from "../support/approval-queue";
import { serviceApi } from "../support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "../support/fixtures";
import { shot } from "../support/screens";
import { signInPage, signInRequest } from "../support/session";

// A currency that asks no name of senders brings payments nobody can screen against the watchlists. The policies
// hold them; a person may reject them but not approve them (lib/server/relay/steps/screening-clear.ts): otherwise one
// admin drops the name from the currency's required fields and lets unscreened money in.

interface Currency {
  currencyCode: string;
  requiredCounterpartyFields: { name: string; mandatory: boolean }[];
}

async function currencies(): Promise<Currency[]> {
  const response = await serviceApi("/config");
  return ((await response.json()) as { supportedCurrencies: Currency[] }).supportedCurrencies;
}

async function setCurrencies(supportedCurrencies: Currency[]): Promise<void> {
  const response = await serviceApi("/config", { method: "PATCH", json: { supportedCurrencies } });
  if (!response.ok) throw new Error(`config change failed: ${response.status} ${await response.text()}`);
}

test("a payment whose sender is not named is refused approval with 409 SENDER_UNNAMED, and can be rejected", async ({
  page,
  baseURL,
}) => {
  const before = await currencies();
  const compliance = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  try {
    // Set up at the API, as a platform's own integration could: MXN payments stop carrying the sender's name.
    await setCurrencies(
      before.map((c) => (c.currencyCode === "MXN" ? { ...c, requiredCounterpartyFields: [] } : c)),
    );
    const customer = await createIndividualCustomer("Unnamed Sender Receiver");
    const payment = await receiveSandboxPayment(customer.id, 150_000, "MXN");
    const { counterpartyInformation } = (await (
      await serviceApi(`/transactions/${encodeURIComponent(payment.id)}`)
    ).json()) as { counterpartyInformation?: Record<string, string> };
    expect(counterpartyInformation?.FULL_NAME).toBeUndefined();

    // The card says so, and offers only the rejection.
    await signInPage(page, "compliance");
    await page.goto("/approvals");
    await searchQueue(page, payment.id);
    const card = page.getByRole("article").filter({ hasText: payment.id });
    await expect(card).toContainText(
      "The payment names no sender, so no watchlist could be asked about them",
    );
    await expect(card.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");
    await expect(card.getByRole("button", { name: "Reject" })).not.toHaveAttribute("aria-disabled", "true");
    await card.getByRole("button", { name: "Reject" }).scrollIntoViewIfNeeded();
    await shot(page, "approval-card-unnamed-sender", { fullPage: false });

    // The server refuses it whatever the page shows.
    await signInRequest(compliance, "compliance");
    const path = `/api/payments/transactions/${encodeURIComponent(payment.id)}`;
    const refused = await compliance.post(`${path}/approve`, {
      data: { receiverCustomerInfo: { FULL_NAME: customer.fullName } },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ status: 409, code: "SENDER_UNNAMED" });
    expect(await transactionStatus(payment.id)).toBe("PENDING");

    const rejected = await compliance.post(`${path}/reject`, { data: { reason: "Sender not named" } });
    expect(rejected.status(), await rejected.text()).toBe(200);
    expect(await transactionStatus(payment.id)).toBe("REJECTED");
  } finally {
    await compliance.dispose();
    await setCurrencies(before);
  }
});
