import "server-only";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PolicyDocument } from "../../universal/policies/rules";
import type { ConsoleDatabase } from "../db/client";
import { policyVersions, users } from "../db/schema";

/**
 * For tests that decide payments as a webhook arrives (lib/server/policies/decide.ts): what they set up alike.
 */

/** A folder of the test's own holding the real UN list only (SCREENING_LISTS_DIR), so a test may break it on purpose. */
export function unListOnlyDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "screening-lists-"));
  copyFileSync(
    path.join(import.meta.dirname, "../../../data/screening/lists/UN_consolidated.xml"),
    path.join(dir, "UN_consolidated.xml"),
  );
  return dir;
}

/** A rule that approves every payment received in dollars. */
export const APPROVE_DOLLARS = {
  id: "dollars",
  name: "Dollars",
  when: [{ kind: "currency", side: "receiving", op: "in", values: ["USD"] }],
  then: { decision: "approve" },
} satisfies PolicyDocument["rules"][number];

/** A compliance officer, Olu Officer, and v1 of the policy in force with `rules`, written by them. */
export async function seedActivePolicy(
  db: ConsoleDatabase,
  rules: PolicyDocument["rules"],
): Promise<{ id: string; email: string; name: string; role: "compliance" }> {
  const [made] = await db
    .insert(users)
    .values({ email: "officer@example.com", name: "Olu Officer", role: "compliance" })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!made) throw new Error("no officer");
  await db.insert(policyVersions).values({
    version: 1,
    status: "active",
    createdBy: made.id,
    document: { rules, allowListedDomains: [] },
  });
  return { ...made, role: "compliance" };
}

/** The INCOMING_PAYMENT webhook of a pending payment `n`, as the console's webhook receiver parses it. */
export function pendingPaymentWebhook(
  n: string,
  payment: {
    customerId: string;
    sender: string;
    amount: number;
    counterpartyInformation: Record<string, string>;
  },
) {
  return {
    webhookId: `Webhook:${n}`,
    type: "INCOMING_PAYMENT",
    transactionId: `Transaction:${n}`,
    transactionStatus: "PENDING",
    isPendingIncomingPayment: true,
    payload: {
      transaction: {
        id: `Transaction:${n}`,
        status: "PENDING",
        customerId: payment.customerId,
        source: { umaAddress: payment.sender },
        receivedAmount: { amount: payment.amount, currency: { code: "USD", decimals: 2 } },
        counterpartyInformation: payment.counterpartyInformation,
      },
      requestedReceiverCustomerInfoFields: [],
    },
  };
}

/**
 * The recipient `customerId` screened clear as "Test Person", as the console's sweep would have screened them: for
 * tests with no payment API to read the customer from (a decision screens a recipient never screened, and holds
 * the payment when it cannot).
 */
export async function recipientScreenedClear(customerId: string): Promise<void> {
  const { queryOfCustomer } = await import("../screening/customer-query");
  const { screenSubject } = await import("../screening/screen-subject");
  const query = queryOfCustomer({ id: customerId, customerType: "INDIVIDUAL", fullName: "Test Person" });
  if (!query) throw new Error("no screening query for the recipient");
  const record = await screenSubject({ type: "customer", id: customerId }, query);
  if (record.status !== "clear") throw new Error(`the recipient screened ${record.status}`);
}
