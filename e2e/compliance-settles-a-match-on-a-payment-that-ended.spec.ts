import { expect, test } from "@playwright/test";
import { SECOND_LISTED_SANDBOX_SENDER } from "../shared/contract/sandbox-senders";
import { secondDemoUser, serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { shot } from "./support/screens";
import { signInPage, signInWith } from "./support/session";

// Named to run after compliance-screens-a-listed-sender.spec.ts, whose first test is the first confirmation of the
// second listed sender: confirmed here first, that person's match could no longer be dismissed there by one officer.
// A payment whose sender matched a list can end while the match waits: it times out, or the platform's own program
// rejects it through the API. Its match is still decided, for the record; the page must not promise a rejection.
test("a match on a payment that has ended is still decided, and nothing promises to reject it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Nora Ended-Payment");
  const payment = await receiveSandboxPayment(customer.id, 2_700, "EUR", SECOND_LISTED_SANDBOX_SENDER);
  await signInPage(page, "compliance");
  const latestScreening = async () => {
    const read = await page.request.get(`/api/screening/results?payment=${encodeURIComponent(payment.id)}`);
    const screenings = (await read.json()) as {
      data: { status: string; paymentEnded?: { outcome: string } }[];
    };
    const latest = screenings.data[0];
    return latest ? `${latest.status} ${latest.paymentEnded?.outcome ?? "pending"}` : "none";
  };
  // Held with its sender's match open, as its webhook arrived; then the platform's own program rejects it.
  await expect.poll(latestScreening, { timeout: 20_000 }).toBe("open pending");
  const ended = await serviceApi(`/transactions/${encodeURIComponent(payment.id)}/reject`, {
    method: "POST",
    json: { reason: "Refused by the platform's back office." },
  });
  expect(ended.status).toBe(200);
  // Its screening stays open, and says the payment has ended, once the payment API's webhook has told the console
  // (the alerts queue reads it the same way: lib/server/screening/alerts.ts).
  await expect.poll(latestScreening, { timeout: 20_000 }).toBe("open rejected");
  // The alerts queue marks it, so nobody opens it expecting to stop a payment.
  await page.goto("/screening");
  const alert = page
    .getByRole("table", { name: "Open screening alerts" })
    .getByRole("row")
    .filter({ hasText: payment.id });
  await expect(alert).toContainText("Payment rejected: nothing left to reject");
  await shot(page, "screening-alerts-payment-ended");

  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  const screening = page.getByRole("region", { name: "Screening" });
  await expect(screening).toContainText(
    "This payment has ended: it was rejected. Its match is still decided here, for the record; confirming it rejects nothing.",
  );
  const un = screening.getByRole("region", { name: "HAFIZ MUHAMMAD SAEED" });
  await un.getByRole("button", { name: "Confirm as a match…" }).click();
  const propose = page.getByRole("dialog", { name: "Propose confirming the match?" });
  await expect(propose).toContainText(
    "A second compliance officer must confirm it; then the match is recorded, and nothing is rejected: the payment was rejected.",
  );
  await expect(propose).not.toContainText("the payment is rejected with");
  await shot(page, "screening-match-on-an-ended-payment");
  await propose.getByLabel(/Reason/).fill("Same person: date and place of birth match the UN entry.");
  await propose.getByRole("button", { name: "Propose the confirmation" }).click();
  await expect(propose).toBeHidden();

  const second = await (await browser.newContext()).newPage();
  const cole = secondDemoUser("compliance");
  await signInWith(second, cole.email, cole.password);
  await second.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  const theirs = second
    .getByRole("region", { name: "Screening" })
    .getByRole("region", { name: "HAFIZ MUHAMMAD SAEED" });
  await theirs.getByRole("button", { name: "Confirm the match…" }).click();
  const confirm = second.getByRole("dialog", { name: "Confirm the match as the second officer?" });
  await expect(confirm).toContainText(
    "When you confirm, the match is recorded, and nothing is rejected: the payment was rejected.",
  );
  await confirm.getByLabel(/Reason/).fill("Agreed: the passport copy matches the listed person.");
  await confirm.getByRole("button", { name: "Confirm the match" }).click();
  await expect(
    second.getByText("Match confirmed; the payment had already ended (REJECTED), so nothing was rejected"),
  ).toBeVisible();
  await expect(theirs).toContainText("Confirmed match: proposed by Carla Compliance");
  expect(await transactionStatus(payment.id)).toBe("REJECTED");
  await second.context().close();
});
