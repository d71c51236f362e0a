import { describe, expect, it } from "vitest";
import type { Transaction } from "../../../shared/contract";
import { buildTimeline, type TransactionEvent } from "../transactions/timeline";
import type { ScreeningRecord, StoredHit } from "./records";
import { screeningTimeline } from "./timeline-entries";

const payment = {
  id: "Transaction:7",
  status: "COMPLETED",
  type: "INCOMING",
  customerId: "Customer:1",
  platformCustomerId: "p1",
  destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:1" },
  createdAt: "2026-03-10T10:00:00.000Z",
  updatedAt: "2026-03-10T10:30:00.000Z",
} as Transaction;

const held: TransactionEvent = {
  webhookId: "Webhook:1",
  type: "INCOMING_PAYMENT",
  transactionStatus: "PENDING",
  failureReason: null,
  receivedAt: "2026-03-10T10:00:01.000Z",
  occurredAt: "2026-03-10T10:00:01.000Z",
  responseStatus: 202,
};

const UN = { listId: "un" as const, issuedOn: "2026-02-27", contentHash: "h" };

const hit = (partial: Partial<StoredHit>): StoredHit =>
  ({
    listId: "un",
    entryId: "QDi.1",
    kind: "person",
    primaryName: "THARWAT SALAH SHIHATA",
    score: 0.93,
    alert: true,
    entryHash: "e",
    ...partial,
  }) as StoredHit;

const record = (partial: Partial<ScreeningRecord>): ScreeningRecord => ({
  id: "r1",
  subjectType: "payment",
  subjectId: payment.id,
  subjectName: "Tharwat Salah Shihata",
  outcome: "potential-match",
  status: "open",
  screenedAt: "2026-03-10T10:00:02.000Z",
  query: { name: "Tharwat Salah Shihata" },
  threshold: 0.8,
  bestScore: 0.93,
  hits: [],
  listVersions: [UN],
  staleLists: [],
  ...partial,
});

describe("a payment's screenings on its timeline", () => {
  it("says a clear screening against which lists", () => {
    const { screened, decided } = screeningTimeline([record({ outcome: "clear", status: "clear" })]);
    expect(screened.map((entry) => [entry.title, entry.detail])).toEqual([
      ["Screened clear", "Against UN Security Council consolidated list 2026-02-27"],
    ]);
    expect(decided).toEqual([]);
  });

  it("keeps what a screening found, then each dismissal and a confirmation's two steps in order", () => {
    const dismissed = record({
      status: "dismissed",
      hits: [
        hit({
          dismissed: { reason: "Different person", by: "Carla Compliance", at: "2026-03-10T10:05:00.000Z" },
        }),
      ],
    });
    const confirmed = record({
      id: "r2",
      status: "confirmed",
      screenedAt: "2026-03-10T11:00:00.000Z",
      hits: [
        hit({
          confirmation: {
            reason: "Passport matches",
            proposedBy: { id: "1", name: "Carla Compliance", email: "c@x" },
            proposedAt: "2026-03-10T11:05:00.000Z",
            confirmedBy: { id: "2", name: "Cole Compliance", email: "d@x" },
            confirmedAt: "2026-03-10T11:06:00.000Z",
          },
        }),
      ],
    });
    const { screened, decided } = screeningTimeline([confirmed, dismissed]);
    expect(screened.map((entry) => entry.title)).toEqual([
      "Screened: a potential match",
      "Screened: a potential match",
    ]);
    expect(screened[0]?.detail).toBe(
      "Best: THARWAT SALAH SHIHATA on the UN Security Council consolidated list (93%)",
    );
    expect(decided.map((entry) => entry.title)).toEqual([
      "Potential match dismissed by Carla Compliance",
      "Match confirmation proposed by Carla Compliance (1 of 2)",
      "Match confirmed by Cole Compliance (2 of 2)",
    ]);
    expect(decided[0]?.detail).toBe(
      "THARWAT SALAH SHIHATA on the UN Security Council consolidated list. Reason: Different person",
    );
  });

  it("names a list in a sentence as a list: on the OFAC SDN list", () => {
    const { screened } = screeningTimeline([
      record({ hits: [hit({ listId: "ofac-sdn", entryId: "6907" })] }),
    ]);
    expect(screened[0]?.detail).toBe("Best: THARWAT SALAH SHIHATA on the OFAC SDN list (93%)");
  });

  it("places the screening after Pending and before the people's decisions", () => {
    const screening = screeningTimeline([
      record({
        status: "dismissed",
        hits: [hit({ dismissed: { reason: "Not them", by: "Carla", at: "2026-03-10T10:05:00.000Z" } })],
      }),
    ]);
    const titles = buildTimeline(
      payment,
      [held],
      [{ decision: "approved", at: "2026-03-10T10:06:00.000Z", by: { name: "Carla", email: "c@x" } }],
      [],
      screening,
    ).map((entry) => entry.title);
    expect(titles).toEqual([
      "Created",
      "Pending",
      "Screened: a potential match",
      "Potential match dismissed by Carla",
      "Approved by Carla",
      "Completed",
    ]);
  });
});
