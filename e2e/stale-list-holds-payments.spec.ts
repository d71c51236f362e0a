import { expect, test } from "@playwright/test";
import { activatePolicyVersion, withConsoleDatabase } from "./support/database";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage } from "./support/session";

// An amount no other spec sends, so the policy in force while this spec runs decides only its payments.
const AMOUNT = 4_341;
const POLICY = {
  allowListedDomains: ["sandbox.uma.money"],
  rules: [
    {
      id: "small-allow-listed-usd",
      name: "Small allow-listed USD",
      when: [
        { kind: "amount", side: "receiving", currency: "USD", op: "eq", value: AMOUNT },
        { kind: "senderAllowListed", value: true },
        { kind: "counterpartyField", field: "FULL_NAME", present: true },
      ],
      then: { decision: "approve" },
    },
  ],
};

/** The UN list in use last confirmed current `hours` ago (0: now), as if its folder had not been readable since. */
const confirmUnListAgo = (hours: number) =>
  withConsoleDatabase((client) =>
    client.query(
      "UPDATE screening_list_versions SET checked_at = now() - make_interval(hours => $1) WHERE list_id = 'un' AND status = 'in-use'",
      [hours],
    ),
  );

test("a payment screened against a stale list is held, though the policy would approve it; once current, the next is approved", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const policy = await activatePolicyVersion(POLICY);
  const customer = await createIndividualCustomer("Stella Stale-List");
  let held: { id: string } | undefined;
  try {
    // Past the console's freshness (36 hours here): the list is stale.
    await confirmUnListAgo(40);
    held = await receiveSandboxPayment(customer.id, AMOUNT);
    expect(await transactionStatus(held.id)).toBe("PENDING");

    await signInPage(page, "compliance");
    await page.goto(`/transactions/${encodeURIComponent(held.id)}`);
    await expect(
      page.getByRole("region", { name: "Status timeline" }).getByRole("listitem").filter({
        hasText: "Held: a watchlist is out of date",
      }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Screening" })).toContainText(
      "A list was out of date when screened: a person decides.",
    );
    await page.goto("/screening");
    await expect(
      page
        .getByRole("table", { name: "Watchlist versions" })
        .getByRole("row")
        .filter({ hasText: "UN Security Council consolidated list" }),
    ).toContainText("Stale: payments are held");
    await shot(page, "screening-stale-list");

    // The list confirmed current again: the same policy approves the next payment at once.
    await confirmUnListAgo(0);
    const approved = await receiveSandboxPayment(customer.id, AMOUNT);
    await expect.poll(() => transactionStatus(approved.id), { timeout: 20_000 }).toBe("COMPLETED");
  } finally {
    await confirmUnListAgo(0);
    await policy.restore();
    if (held && (await transactionStatus(held.id)) === "PENDING") {
      await serviceApi(`/transactions/${encodeURIComponent(held.id)}/reject`, {
        method: "POST",
        json: { reason: "e2e clean-up" },
      });
    }
  }
});
