import { describe, expect, it } from "vitest";
import {
  type CounterpartyPerson,
  createCustomer,
  createCustomerAtApi,
  postJson,
} from "../../../service/test-support/payment-fixtures";
import { LISTED_SANDBOX_PERSON } from "../../../shared/contract/sandbox-senders";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import type { PolicyDocument } from "../../universal/policies/rules";
import { APPROVE_DOLLARS, unListOnlyDir } from "./deciding-test-setup";

// A live decision holds for people an approval of a payment to a recipient who has been deleted, or whose
// screening matched a watchlist entry (lib/server/policies/decide.ts). The backtest must say the same, against a
// real payment service and the UN list, rather than promise approvals no payment would get.

const world = consoleAgainstService("backtest_recipient_holds", { listsDir: unListOnlyDir() });

/** A customer screened by the console under `fullName`, with one pending payment received for them. */
async function recipient(fullName: string): Promise<string> {
  const customer = await createCustomer(world.service, { currencies: ["USD"] });
  const { screenSubject } = await import("../screening/screen-subject");
  const { queryOfCustomer } = await import("../screening/customer-query");
  const query = queryOfCustomer({ id: customer.id, customerType: "INDIVIDUAL", fullName });
  if (!query) throw new Error("no screening query for the customer");
  await screenSubject({ type: "customer", id: customer.id }, query);
  return paidTo(customer.id);
}

/** One pending payment received for the customer. */
async function paidTo(customerId: string): Promise<string> {
  const received = await postJson(world.service, "/sandbox/uma/receive", {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 4_800,
    customerId,
  });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return customerId;
}

/** A customer created at the API a moment ago, ahead of the console's sweep: never screened. */
const neverScreened = async (person: CounterpartyPerson) =>
  paidTo((await createCustomerAtApi(world.service, person)).id);

describe("the policy backtest and the recipient", () => {
  it("holds for people what a version approves to a recipient deleted or matched, as a live decision does", async () => {
    const clear = await recipient("Test Person");
    await recipient("Tharwat Salah Shihata");
    const deleted = await recipient("Dora Deleted");
    const gone = await world.service.api(`/customers/${deleted}`, { method: "DELETE" });
    expect(gone.status).toBe(200);

    const { backtest } = await import("./backtest");
    const document: PolicyDocument = { rules: [APPROVE_DOLLARS], allowListedDomains: [] };
    const answer = await backtest(document, 1, undefined);
    // No version is in force: it holds all three. The candidate approves only the payment to the clear recipient.
    expect(answer.total).toBe(3);
    expect(answer.counts.candidate).toEqual({ approve: 1, reject: 0, hold: 2 });
    const payments = await world.service.api(`/transactions?customerId=${clear}`);
    const [toClear] = ((await payments.json()) as { data: { id: string }[] }).data;
    expect(answer.changed.map((row) => [row.transactionId, row.candidate])).toEqual([
      [toClear?.id, { decision: "approve", ruleName: "Dollars", fallback: null }],
    ]);
  });

  it("screens a recipient never screened, as a live decision would, and stores no screening", async () => {
    const listed = await neverScreened(LISTED_SANDBOX_PERSON);
    const clear = await neverScreened({
      FULL_NAME: "Nadia Rivera",
      BIRTH_DATE: "1990-04-12",
      NATIONALITY: "US",
    });
    const { backtest } = await import("./backtest");
    const { latestScreeningsOf } = await import("../screening/screen-subject");
    const document: PolicyDocument = { rules: [APPROVE_DOLLARS], allowListedDomains: [] };
    const answer = await backtest(document, 1, undefined);
    const candidateFor = async (customerId: string) => {
      const payments = await world.service.api(`/transactions?customerId=${customerId}`);
      const [payment] = ((await payments.json()) as { data: { id: string }[] }).data;
      return answer.changed.find((row) => row.transactionId === payment?.id)?.candidate ?? null;
    };
    expect(await candidateFor(clear)).toEqual({ decision: "approve", ruleName: "Dollars", fallback: null });
    // Held, not changed from the version in force (none: every payment held), so not among the changed.
    expect(await candidateFor(listed)).toBeNull();
    expect(answer.counts.candidate.approve).toBe(2);
    expect((await latestScreeningsOf("customer", [listed, clear])).size).toBe(0);
  });
});
