import { expect, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { serviceApi } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { signInPage } from "./support/session";

/** The console's inbox holds the payment's webhook of that status, so its live event has been sent to every page. */
async function heardOf(transactionId: string, status: string): Promise<number> {
  return withConsoleDatabase(
    async (client) =>
      (
        await client.query(
          "SELECT 1 FROM webhook_events WHERE transaction_id = $1 AND transaction_status = $2",
          [transactionId, status],
        )
      ).rowCount ?? 0,
  );
}

test("the queue tells of payments leaving it, never of one the policy approved as it arrived", async ({
  page,
}) => {
  // A customer of the demo's history (with the platform for weeks): the demo's policy approves their small payments
  // from the sandbox's allow-listed senders without a person.
  const established = (
    (await (await serviceApi("/customers?platformCustomerId=user-1002")).json()) as { data: { id: string }[] }
  ).data[0];
  expect(established).toBeDefined();

  await signInPage(page, "compliance");
  // The page's live stream opens once it is idle; what happens before is not heard, so wait for it to be open.
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto("/approvals");
  await waitForHydration(page);
  await streaming;

  const approved = await receiveSandboxPayment(established?.id ?? "", 1_717);
  await expect.poll(() => transactionStatus(approved.id)).toBe("COMPLETED");
  await expect.poll(() => heardOf(approved.id, "COMPLETED")).toBe(1);

  // One held for people (a customer who joined today), then rejected elsewhere: its leaving is told.
  const newcomer = await createIndividualCustomer("Queue Newcomer");
  const held = await receiveSandboxPayment(newcomer.id, 1_818);
  expect(await transactionStatus(held.id)).toBe("PENDING");
  // Held by the policies for people (its pending webhook answered), so it waits in the queue.
  await expect
    .poll(() =>
      withConsoleDatabase(
        async (client) =>
          (
            await client.query<{ decision: string }>(
              "SELECT decision FROM policy_evaluations WHERE transaction_id = $1",
              [held.id],
            )
          ).rows[0]?.decision,
      ),
    )
    .toBe("hold");
  const rejected = await serviceApi(`/transactions/${encodeURIComponent(held.id)}/reject`, {
    method: "POST",
    json: { reason: "Decided elsewhere" },
  });
  expect(rejected.status).toBe(200);
  await expect(
    page.getByText(
      new RegExp(`^(Payment ${held.id}|\\$18\\.18 from .+) was (rejected|decided elsewhere)\\.$`),
    ),
  ).toBeVisible();

  // The one the policy approved never waited for people: nothing says it left the queue, or, had the page read it
  // in the moment before the approval was applied, that someone else decided it.
  await expect(page.getByText(approved.id)).toHaveCount(0);
  await expect(page.getByText(/^\$17\.17 from .+ was (?!approved by the approval policy\.)/)).toHaveCount(0);
});
