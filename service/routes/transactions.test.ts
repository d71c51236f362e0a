import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionListSchema } from "../../shared/contract";
import { webhookEvents } from "../db/schema";
import { waitForIdleQueue } from "../test-support/job-queue";
import {
  configurePlatform,
  createCustomer,
  createExternalAccount,
  fund,
  getJson,
  postJson,
  type TestCustomer,
} from "../test-support/payment-fixtures";
import { startTestService, type TestService } from "../test-support/service";

let service: TestService;
let alice: TestCustomer;
let bob: TestCustomer;
interface Listed {
  id: string;
  type: string;
  status: string;
  createdAt: string;
  customerId: string;
  reconciliationInstructions?: { reference: string };
  source?: { accountId?: string };
  destination: { accountId?: string };
}
const ids = (body: { data: Listed[] }) => body.data.map((t) => t.id);
let all: Listed[] = [];

beforeAll(async () => {
  service = await startTestService();
  // No webhook endpoint: nobody is asked to approve, so incoming payments wait for approve/reject.
  await configurePlatform(service, { currencies: [{ currencyCode: "USD" }, { currencyCode: "EUR" }] });
  alice = await createCustomer(service);
  bob = await createCustomer(service);
  const aliceBank = await createExternalAccount(service, { customerId: alice.id });
  await fund(service, alice.accounts.USD, 100_000);
  await postJson(service, "/transfer-in", {
    source: { accountId: aliceBank },
    destination: { accountId: alice.accounts.USD },
    amount: 5_000,
  });
  await postJson(service, "/transfer-out", {
    source: { accountId: alice.accounts.USD },
    destination: { accountId: aliceBank },
    amount: 2_000,
  });
  await postJson(service, "/quotes", {
    source: { accountId: alice.accounts.USD },
    destination: { accountId: bob.accounts.EUR, currency: "EUR" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 3_000,
    immediatelyExecute: true,
  });
  await postJson(service, "/sandbox/uma/receive", {
    senderUmaAddress: "$success.usd@sandbox.uma.money",
    receivingCurrencyCode: "USD",
    receivingCurrencyAmount: 1_234,
    customerId: bob.id,
  });
  all = (await getJson(service, "/transactions?limit=100")).body.data;
});
afterAll(async () => {
  await service.close();
});

describe("GET /transactions", () => {
  it("lists every transaction newest first with a total count, in the API's shape", async () => {
    const { status, body } = await getJson(service, "/transactions");
    expect(status).toBe(200);
    expect(transactionListSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ hasMore: false, totalCount: 4 });
    const times = body.data.map((t: Listed) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const transaction of body.data as Listed[]) {
      expect(transaction.reconciliationInstructions?.reference).toMatch(/^TXN-/);
    }
  });

  it("sorts oldest first with sortOrder=asc", async () => {
    const { body } = await getJson(service, "/transactions?sortOrder=asc");
    expect(ids(body)).toEqual(ids({ data: all }).reverse());
  });

  it("pages through everything with opaque cursors, in both orders", async () => {
    for (const order of ["asc", "desc"]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const query = `/transactions?limit=1&sortOrder=${order}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const { body } = await getJson(service, query);
        expect(body.totalCount).toBe(4);
        seen.push(...ids(body));
        cursor = body.nextCursor;
        expect(body.hasMore).toBe(cursor !== undefined);
      } while (cursor);
      const expected = ids({ data: all });
      expect(seen).toEqual(order === "desc" ? expected : [...expected].reverse());
    }
  });

  it("answers 400, never 500, to values the database could not compare: a year 0 date, a forged cursor", async () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
    for (const query of [
      "startDate=0000-01-01T00:00:00Z",
      "endDate=9999-12-31T23:59:59-23:59",
      `cursor=${cursorOf(["2024-01-01T00:00:00Z", "Transaction:\u0000"])}`,
      `cursor=${cursorOf(["0000-01-01T00:00:00Z", "Transaction:x"])}`,
    ]) {
      const { status, body } = await getJson(service, `/transactions?${query}`);
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: "INVALID_INPUT" });
    }
  });

  it("filters by customer, platform customer, type and status", async () => {
    const byAlice = await getJson(service, `/transactions?customerId=${encodeURIComponent(alice.id)}`);
    expect(byAlice.body.totalCount).toBe(3);
    const byPlatformId = await getJson(service, `/transactions?platformCustomerId=${bob.platformCustomerId}`);
    expect(byPlatformId.body.totalCount).toBe(1);
    const incoming = await getJson(service, "/transactions?type=INCOMING");
    expect(incoming.body.data.map((t: Listed) => t.type)).toEqual(["INCOMING", "INCOMING"]);
    const pending = await getJson(service, "/transactions?status=PENDING");
    expect(pending.body.totalCount).toBe(1);
    expect(pending.body.data[0].customerId).toBe(bob.id);
    const outgoingCompleted = await getJson(service, "/transactions?type=OUTGOING&status=COMPLETED");
    expect(outgoingCompleted.body.totalCount).toBe(2);
  });

  it("filters by reference and by sender and receiver identifiers", async () => {
    const first = all[0];
    if (!first?.reconciliationInstructions) throw new Error("no reference");
    const byReference = await getJson(
      service,
      `/transactions?reference=${first.reconciliationInstructions.reference}`,
    );
    expect(ids(byReference.body)).toEqual([first.id]);
    const fromAlice = await getJson(
      service,
      `/transactions?senderAccountIdentifier=${encodeURIComponent(alice.accounts.USD)}`,
    );
    expect(fromAlice.body.totalCount).toBe(2);
    const toBob = await getJson(
      service,
      `/transactions?receiverAccountIdentifier=${encodeURIComponent(bob.accounts.EUR)}`,
    );
    expect(toBob.body.totalCount).toBe(1);
    const fromSandbox = await getJson(
      service,
      `/transactions?senderAccountIdentifier=${encodeURIComponent("$success.usd@sandbox.uma.money")}`,
    );
    expect(fromSandbox.body.totalCount).toBe(1);
    // accountIdentifier matches either side: everything into or out of Bob's EUR account.
    const bobsEuro = await getJson(
      service,
      `/transactions?accountIdentifier=${encodeURIComponent(bob.accounts.EUR)}`,
    );
    const expected = all.filter(
      (t) => t.source?.accountId === bob.accounts.EUR || t.destination.accountId === bob.accounts.EUR,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(bobsEuro.body).sort()).toEqual(ids({ data: expected }).sort());
  });

  it("treats startDate and endDate as inclusive bounds", async () => {
    const middle = all[1];
    if (!middle) throw new Error("no transaction");
    const at = encodeURIComponent(middle.createdAt);
    const exact = await getJson(service, `/transactions?startDate=${at}&endDate=${at}`);
    expect(ids(exact.body)).toContain(middle.id);
    const after = await getJson(service, `/transactions?startDate=${at}`);
    expect(ids(after.body)).toEqual(ids({ data: all.filter((t) => t.createdAt >= middle.createdAt) }));
    const future = await getJson(
      service,
      `/transactions?startDate=${encodeURIComponent("2999-01-01T00:00:00Z")}`,
    );
    expect(future.body).toMatchObject({ data: [], hasMore: false, totalCount: 0 });
  });

  const invalid = [
    "limit=0",
    "limit=101",
    "limit=abc",
    "cursor=not-a-cursor",
    "status=DONE",
    "type=SIDEWAYS",
    "sortOrder=up",
    "startDate=yesterday",
    "customerId=alice",
    "colour=red",
  ];
  for (const query of invalid) {
    it(`refuses ${query} with 400 INVALID_INPUT`, async () => {
      const { status, body } = await getJson(service, `/transactions?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe("INVALID_INPUT");
    });
  }

  it("refuses a wrong credential with 401", async () => {
    const response = await service.api("/transactions", { headers: { authorization: "Basic eDp5" } });
    expect(response.status).toBe(401);
  });
});

describe("GET /transactions/{transactionId}", () => {
  it("returns one transaction, or 404 TRANSACTION_NOT_FOUND", async () => {
    const first = all[0];
    if (!first) throw new Error("no transaction");
    const found = await getJson(service, `/transactions/${first.id}`);
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(first.id);
    const missing = await getJson(service, "/transactions/Transaction:nope");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("TRANSACTION_NOT_FOUND");
    // The id carries its kind: the message names it once ("Transaction Transaction:nope" did twice).
    expect(missing.body.message).toBe("No transaction has the id Transaction:nope.");
  });

  it("keeps an incoming payment PENDING while no webhook endpoint is configured", async () => {
    // Once every due job has run, the approval request's delivery has been tried (and found no endpoint).
    await waitForIdleQueue(service.context.db.pool);
    const pending = await getJson(service, "/transactions?status=PENDING");
    expect(pending.body.totalCount).toBe(1);
    const [incoming] = pending.body.data;
    const events = await service.context.db
      .select({ status: webhookEvents.status, attemptCount: webhookEvents.attemptCount })
      .from(webhookEvents)
      .where(eq(webhookEvents.transactionId, incoming.id));
    expect(events).toEqual([{ status: "FAILED", attemptCount: 1 }]);
  });
});
