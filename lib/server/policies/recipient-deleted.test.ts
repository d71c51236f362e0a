import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurePlatform, createCustomer } from "../../../service/test-support/payment-fixtures";
import { startTestService, type TestService } from "../../../service/test-support/service";
import type { ConsoleDatabase } from "../db/client";
import { policyVersions, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// A payment's webhook that arrives after its customer was deleted (the console was down for an afternoon) is not
// approved by the policies, against a real payment service: the service would fail the approval, telling the sender
// nothing; held, a person rejects it with a reason.

const listsDir = mkdtempSync(path.join(tmpdir(), "recipient-deleted-lists-"));
copyFileSync(
  path.join(import.meta.dirname, "../../../data/screening/lists/UN_consolidated.xml"),
  path.join(listsDir, "UN_consolidated.xml"),
);

const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
let service: TestService;
let db: ConsoleDatabase;

beforeAll(async () => {
  service = await startTestService({}, { worker: false });
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }] });
  ({ db } = await useConsoleTestDatabase("recipient_deleted", {
    PAYMENT_API_BASE_URL: service.baseUrl,
    PAYMENT_API_TOKEN_ID: "test_token",
    PAYMENT_API_CLIENT_SECRET: "test_secret_0123456789",
    SCREENING_LISTS_DIR: listsDir,
    POLICY_TIME_BUDGET_MS: "20000",
  }));
  const [author] = await db
    .insert(users)
    .values({ email: "officer@example.com", name: "Olu Officer", role: "compliance" })
    .returning({ id: users.id });
  if (!author) throw new Error("no officer");
  await db.insert(policyVersions).values({
    version: 1,
    status: "active",
    createdBy: author.id,
    document: {
      rules: [
        {
          id: "dollars",
          name: "Dollars",
          when: [{ kind: "currency", side: "receiving", op: "in", values: ["USD"] }],
          then: { decision: "approve" },
        },
      ],
      allowListedDomains: [],
    },
  });
  const { listsInUse } = await import("../screening/lists-in-use");
  await listsInUse();
}, 120_000);

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await db?.pool.end();
  await service?.close();
});

const webhookFor = (n: number, customerId: string) => ({
  webhookId: `Webhook:deleted-${n}`,
  type: "INCOMING_PAYMENT",
  transactionId: `Transaction:deleted-${n}`,
  transactionStatus: "PENDING",
  isPendingIncomingPayment: true,
  payload: {
    transaction: {
      id: `Transaction:deleted-${n}`,
      status: "PENDING",
      customerId,
      source: { umaAddress: "$success.usd@sandbox.uma.money" },
      receivedAmount: { amount: 4_800, currency: { code: "USD", decimals: 2 } },
      counterpartyInformation: { FULL_NAME: "Alex Sandbox Rivera", BIRTH_DATE: "1990-04-12" },
    },
    requestedReceiverCustomerInfoFields: [],
  },
});

describe("the policies and a deleted recipient", () => {
  it("approve a payment to a customer who exists", async () => {
    const { decidePendingPayment } = await import("./decide");
    const customer = await createCustomer(service, { currencies: ["USD"] });
    const decided = await decidePendingPayment(webhookFor(1, customer.id));
    expect(decided.record.evaluation.decision).toBe("approve");
    expect(decided.answer.status).toBe(200);
  });

  it("hold a payment whose customer was deleted since, naming why", async () => {
    const { decidePendingPayment } = await import("./decide");
    const customer = await createCustomer(service, { currencies: ["USD"] });
    const response = await service.api(`/customers/${encodeURIComponent(customer.id)}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    const decided = await decidePendingPayment(webhookFor(2, customer.id));
    expect(decided.record.evaluation.decision).toBe("hold");
    expect(decided.record.evaluation.fallback).toBe("recipient-deleted");
    expect(decided.record.evaluation.rule?.id).toBe("dollars");
    expect(decided.answer.status).toBe(202);
  });
});
