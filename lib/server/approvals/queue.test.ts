import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../shared/api-error";
import { QUEUE_PAGE_SIZE } from "../../universal/approvals/queue-page";
import { PERSONAL_DATA_CATEGORIES, type PersonalDataCategory } from "../../universal/privacy/fields";
import type { ConsoleDatabase } from "../db/client";
import { approvalThresholds, paymentDecisions, policyEvaluations } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Issue 49 item 10: the approval queue read a page at a time. A fake payment API holds more pending payments than
// the old bound of 500 and pages them as the API does (oldest first, opaque cursors, a totalCount); the queue must
// count them all, reach every one by following its cursors, keep the soonest deadline first, and read from the API
// only the page it answers when nothing narrows it.

const api = vi.hoisted(() => ({
  pending: [] as Record<string, unknown>[],
  decided: [] as Record<string, unknown>[],
  itemsRead: 0,
  paymentsRead: 0,
  customers: [] as { id: string; customerType: string; fullName: string; platformCustomerId: string }[],
  customersRead: 0,
}));

vi.mock("../payment-api/read", () => {
  const page = (query: URLSearchParams) => {
    const limit = Number(query.get("limit") ?? 20);
    const start = query.get("cursor") ? Number(query.get("cursor")) : 0;
    const data = api.pending.slice(start, start + limit);
    api.itemsRead += data.length;
    const hasMore = start + limit < api.pending.length;
    return {
      data,
      hasMore,
      ...(hasMore ? { nextCursor: String(start + limit) } : {}),
      totalCount: api.pending.length,
    };
  };
  return {
    readApi: async (path: string) => {
      const [where, search] = path.split("?");
      // One payment (a queue entry's read): any the API holds, pending or not.
      const one = /^\/transactions\/([^/?]+)$/.exec(path);
      if (one) {
        const id = decodeURIComponent(one[1] ?? "");
        api.paymentsRead += 1;
        const found = [...api.pending, ...api.decided].find((payment) => payment.id === id);
        if (!found) throw new ApiError(404, "NOT_FOUND", "No such transaction.");
        return found;
      }
      // One customer (their name, for a search by it).
      const customer = /^\/customers\/([^/?]+)$/.exec(path);
      if (customer) {
        const found = api.customers.find((each) => each.id === decodeURIComponent(customer[1] ?? ""));
        if (!found) throw new ApiError(404, "NOT_FOUND", "No such customer.");
        api.customersRead += 1;
        return found;
      }
      if (where !== "/transactions") throw new Error(`unexpected read ${path}`);
      const query = new URLSearchParams(search);
      expect(Object.fromEntries(query)).toMatchObject({
        type: "INCOMING",
        status: "PENDING",
        sortOrder: "asc",
      });
      return page(query);
    },
    async *walkPages(path: string, filters: URLSearchParams) {
      if (path === "/customers") {
        api.customersRead += api.customers.length;
        yield { data: api.customers, hasMore: false };
        return;
      }
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams(filters);
        query.set("limit", "100");
        if (cursor) query.set("cursor", cursor);
        const answer = page(query);
        yield answer;
        cursor = answer.nextCursor;
      } while (cursor);
    },
  };
});

const PENDING = 620;
const WINDOW_MS = 600_000;
const start = Date.parse("2026-11-29T08:00:00Z");

/** The payment API's pending payment `index`, oldest first: its deadline is its arrival plus one window. */
function pendingPayment(index: number) {
  const createdAt = new Date(start + index * 1_000);
  return {
    id: `Transaction:${String(index).padStart(4, "0")}`,
    status: "PENDING",
    type: "INCOMING",
    // Payment 600 is for another of our customers (found by their name).
    customerId: index === 600 ? "Customer:2" : "Customer:1",
    platformCustomerId: index === 600 ? "user-2" : "user-1",
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    approvalDeadline: new Date(createdAt.getTime() + WINDOW_MS).toISOString(),
    receivedAmount: { amount: 1_000 + index, currency: { code: index % 10 === 0 ? "EUR" : "USD" } },
    counterpartyInformation: { FULL_NAME: index === 555 ? "Zoë Late" : "Sam Sender" },
  };
}

let db: ConsoleDatabase;
let queue: typeof import("./queue");

beforeAll(async () => {
  // The modules read the console's database and settings from the environment, as in the server.
  ({ db } = await useConsoleTestDatabase("approval_queue"));
  api.pending = Array.from({ length: PENDING }, (_, index) => pendingPayment(index));
  api.decided = [{ ...pendingPayment(PENDING), id: "Transaction:decided", status: "COMPLETED" }];
  api.customers = [
    { id: "Customer:1", customerType: "INDIVIDUAL", fullName: "Ana Recipient", platformCustomerId: "user-1" },
    {
      id: "Customer:2",
      customerType: "INDIVIDUAL",
      fullName: "Wilhelmina Peña",
      platformCustomerId: "user-2",
    },
  ];
  queue = await import("./queue");
});

afterAll(async () => {
  await db?.pool.end();
});

const ask = (
  query: Record<string, unknown> = {},
  visible: readonly PersonalDataCategory[] = PERSONAL_DATA_CATEGORIES,
) => queue.loadApprovalQueuePage(queue.approvalQueueQuerySchema.parse(query), visible);

describe("the approval queue, a page at a time", () => {
  it("answers the first page (QUEUE_PAGE_SIZE), soonest deadline first, counting every payment waiting, and reads no more", async () => {
    api.itemsRead = 0;
    const page = await ask();
    expect(page.data).toHaveLength(QUEUE_PAGE_SIZE);
    expect(page.totalCount).toBe(PENDING);
    expect(page.waiting).toBe(PENDING);
    expect(page.nextCursor).toBeTypeOf("string");
    expect(page.data[0]?.transaction.id).toBe("Transaction:0000");
    expect(page.data[0]?.deadline).toBe(api.pending[0]?.approvalDeadline);
    expect(api.itemsRead).toBe(QUEUE_PAGE_SIZE);
  });

  it("reaches every payment once by following the cursors, each page's deadlines after the last page's", async () => {
    const seen: string[] = [];
    const deadlines: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await ask(cursor ? { cursor } : {});
      pages += 1;
      expect(page.totalCount).toBe(PENDING);
      seen.push(...page.data.map((item) => item.transaction.id));
      deadlines.push(...page.data.map((item) => Date.parse(item.deadline ?? "")));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toBe(Math.ceil(PENDING / QUEUE_PAGE_SIZE));
    expect(seen).toEqual(api.pending.map((payment) => payment.id));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
  });

  it("narrows and orders the whole queue, then pages what matches", async () => {
    const first = await ask({ currency: "EUR", limit: 50 });
    expect(first.totalCount).toBe(PENDING / 10);
    expect(first.waiting).toBe(PENDING);
    expect(first.data).toHaveLength(50);
    expect(first.data.every((item) => item.transaction.receivedAmount?.currency.code === "EUR")).toBe(true);
    const second = await ask({ currency: "EUR", cursor: first.nextCursor, limit: 50 });
    expect(second.data).toHaveLength(PENDING / 10 - 50);
    expect(second.nextCursor).toBeUndefined();
    expect(second.data[0]?.transaction.id).toBe("Transaction:0500");
    // A payment far beyond the first page is found by its sender's name.
    const found = await ask({ q: "zoe" });
    expect(found.data.map((item) => item.transaction.id)).toEqual(["Transaction:0555"]);
    expect(found.totalCount).toBe(1);
    // Words may name our customer the payment is for, as its card does, and go with the sender's.
    api.customersRead = 0;
    const forWilhelmina = await ask({ q: "wilhelmina pena" });
    expect(forWilhelmina.data.map((item) => item.transaction.id)).toEqual(["Transaction:0600"]);
    expect(api.customersRead, "the two recipients' names read once each").toBe(2);
    expect((await ask({ q: "ana recipient zoe" })).data.map((item) => item.transaction.id)).toEqual([
      "Transaction:0555",
    ]);
    // Narrowed by currency alone, nobody's name is read.
    api.customersRead = 0;
    await ask({ currency: "EUR" });
    expect(api.customersRead).toBe(0);
    // Largest amount first within a currency, over the whole queue, not a page.
    const byAmount = await ask({ sort: "amount" });
    expect(byAmount.data[0]?.transaction.id).toBe("Transaction:0610");
  });

  it("searches and orders what the asker sees: a field masked for them never answers a guess at its value", async () => {
    // A viewer sees every sender's name as initials (the default): the name searched finds nothing, its initial does.
    const viewer: PersonalDataCategory[] = [];
    expect((await ask({ q: "zoe" }, viewer)).totalCount).toBe(0);
    expect((await ask({ q: "late" }, viewer)).totalCount).toBe(0);
    expect((await ask({ q: "z" }, viewer)).data.map((item) => item.transaction.id)).toEqual([
      "Transaction:0555",
    ]);
    // Nor does the order by sender: it is the masks' order, so it cannot sort the hidden names.
    const pending = api.pending[555] as { counterpartyInformation: Record<string, unknown> };
    const before = pending.counterpartyInformation;
    pending.counterpartyInformation = {
      FULL_NAME: "Zoë Late",
      BIRTH_DATE: "1985-03-07",
      TAX_ID: "123456789",
    };
    try {
      for (const guess of ["1985", "1985-03-07", "6789", "123456789"]) {
        expect((await ask({ q: `Transaction:0555 ${guess}` }, ["name"])).totalCount).toBe(0);
        expect((await ask({ q: `Transaction:0555 ${guess}` })).totalCount).toBe(1);
      }
      // What the mask shows (a tax id's last two characters) is found, as on the card.
      expect((await ask({ q: "Transaction:0555 89" }, ["name"])).totalCount).toBe(1);
      // The answer's payments are whole: the route masks them for the asker afterwards.
      expect((await ask({ q: "zoe" }, ["name"])).data[0]?.counterpartyInformation).toMatchObject({
        BIRTH_DATE: "1985-03-07",
      });
    } finally {
      pending.counterpartyInformation = before;
    }
  });

  it("refuses a cursor that is not one of its own", async () => {
    await expect(ask({ cursor: "n.50" })).rejects.toMatchObject({ status: 400 });
    await expect(ask({ currency: "EUR", cursor: "a.50" })).rejects.toMatchObject({ status: 400 });
  });

  it("gives the overview the count of all that wait and the soonest three", async () => {
    const summary = await queue.loadApprovalSummary();
    expect(summary.waiting).toBe(PENDING);
    expect(summary.soonest.map((item) => item.transaction.id)).toEqual([
      "Transaction:0000",
      "Transaction:0001",
      "Transaction:0002",
    ]);
  });

  it("reads one payment's entry wherever it stands in the queue, as its page has it, and none for a decided one", async () => {
    await db.insert(approvalThresholds).values({ currency: "USD", minimumAmount: 1_000, updatedBy: "test" });
    try {
      // Payment 555 is on the queue's twelfth page: its own page still gets the deadline and the two-person rule.
      api.itemsRead = 0;
      const entry = await queue.loadApprovalQueueEntry("Transaction:0555");
      expect(api.itemsRead).toBe(0);
      expect(entry.transaction.id).toBe("Transaction:0555");
      expect(entry.deadline).toBe(api.pending[555]?.approvalDeadline);
      expect(entry.counterpartyInformation).toEqual({ FULL_NAME: "Zoë Late" });
      expect(entry.twoApprovers).toEqual({ required: true, firstBy: null });
      // The same entry as the queue's page holding it.
      const pageOfIt = await ask({ q: "zoe" });
      expect(pageOfIt.data[0]).toEqual(entry);
    } finally {
      await db.delete(approvalThresholds);
    }
    await expect(queue.loadApprovalQueueEntry("Transaction:decided")).rejects.toMatchObject({
      status: 404,
      code: "NOT_IN_QUEUE",
    });
    await expect(queue.loadApprovalQueueEntry("Transaction:none")).rejects.toMatchObject({ status: 404 });
  });
});

describe("a payment's own page", () => {
  const admin = { id: "u-1", email: "admin@example.test", name: "Ada Admin", role: "admin" } as const;
  const readsFor = async (transactionId: string) => {
    const { transactionPageReads } = await import("../page-reads/record-reads");
    const { NOT_NEEDED } = await import("../page-reads/page-read");
    api.paymentsRead = 0;
    const answers = await Promise.all(transactionPageReads(transactionId).map((read) => read.read(admin)));
    return { answers, NOT_NEEDED, paymentsRead: api.paymentsRead };
  };

  it("reads the payment from the API once, for the payment and its queue entry", async () => {
    const { answers, paymentsRead } = await readsFor("Transaction:0555");
    expect(paymentsRead).toBe(1);
    const [payment, entry] = answers as [{ id: string }, { transaction: { id: string }; deadline: string }];
    expect(payment.id).toBe("Transaction:0555");
    expect(entry.transaction.id).toBe("Transaction:0555");
    expect(entry.deadline).toBe(api.pending[555]?.approvalDeadline);
  });

  it("asks for no queue entry for a payment that waits for no decision", async () => {
    const { answers, NOT_NEEDED, paymentsRead } = await readsFor("Transaction:decided");
    expect(paymentsRead).toBe(1);
    expect((answers[0] as { id: string }).id).toBe("Transaction:decided");
    expect(answers[1]).toBe(NOT_NEEDED);
  });
});

describe("payments the approval policies have in hand", () => {
  const ago = (ms: number) => new Date(Date.now() - ms);
  const id = (index: number) => `Transaction:${String(index).padStart(4, "0")}`;

  it("are left out of the queue and its counts while the policies decide them or their answer is on its way", async () => {
    await db.insert(paymentDecisions).values([
      // Being decided: a delivery's claim, nothing stored yet.
      { transactionId: id(0), webhookId: "Webhook:0" },
      // Approved a second ago: the API may not have applied it yet.
      { transactionId: id(1), webhookId: "Webhook:1", claimedAt: ago(2_000) },
      // Held: the people's.
      { transactionId: id(2), webhookId: "Webhook:2", claimedAt: ago(2_000) },
      // Approved two minutes ago and still pending: the API dropped the answer; the people's again.
      { transactionId: id(3), webhookId: "Webhook:3", claimedAt: ago(120_000) },
      // A person deciding it: still in the queue.
      { transactionId: id(4), webhookId: "person:request-4" },
      // A delivery that claimed it two minutes ago and stored nothing gave up: the people's.
      { transactionId: id(5), webhookId: "Webhook:5", claimedAt: ago(120_000) },
    ]);
    await db.insert(policyEvaluations).values([
      { transactionId: id(1), webhookId: "Webhook:1", decision: "approve", evaluatedAt: ago(1_000) },
      { transactionId: id(2), webhookId: "Webhook:2", decision: "hold", evaluatedAt: ago(1_000) },
      { transactionId: id(3), webhookId: "Webhook:3", decision: "approve", evaluatedAt: ago(119_000) },
    ]);
    try {
      const page = await ask();
      const shown = page.data.map((item) => item.transaction.id);
      expect(shown).not.toContain(id(0));
      expect(shown).not.toContain(id(1));
      expect(shown.slice(0, 4)).toEqual([id(2), id(3), id(4), id(5)]);
      expect(page.data).toHaveLength(QUEUE_PAGE_SIZE - 2);
      expect(page.totalCount).toBe(PENDING - 2);
      expect(page.waiting).toBe(PENDING - 2);
      // Narrowed, the whole queue is read without them (payment 0 is in EUR, payment 1 in USD).
      const usd = await ask({ currency: "USD" });
      expect(usd.totalCount).toBe(PENDING - PENDING / 10 - 1);
      expect(usd.waiting).toBe(PENDING - 2);
      expect(usd.data.map((item) => item.transaction.id)).not.toContain(id(1));
      // The overview's summary says the same (its page of the soonest three, without the policies' two).
      const summary = await queue.loadApprovalSummary();
      expect(summary.waiting).toBe(PENDING - 2);
      expect(summary.soonest.map((item) => item.transaction.id)).toEqual([id(2)]);
      // A payment's own entry is read whatever the policies do with it.
      expect((await queue.loadApprovalQueueEntry(id(1))).transaction.id).toBe(id(1));
    } finally {
      await db.delete(policyEvaluations);
      await db.delete(paymentDecisions);
    }
  });
});
