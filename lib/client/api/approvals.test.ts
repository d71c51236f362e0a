import { describe, expect, it } from "vitest";
import { FIRST_QUEUE_PAGE_URL } from "../../universal/approvals/queue-page";
import { approvalQueueParams } from "./approvals";
import { consoleHref } from "./client";

describe("the approval queue's first page", () => {
  // consoleHref builds the address as consoleCall, which the queue's query calls, does.
  it("is asked for at the address the approvals page preloads", () => {
    expect(consoleHref("GET /api/approvals", { query: approvalQueueParams() })).toBe(FIRST_QUEUE_PAGE_URL);
    expect(
      consoleHref("GET /api/approvals", { query: approvalQueueParams({ sort: "deadline", q: " " }) }),
    ).toBe(FIRST_QUEUE_PAGE_URL);
  });

  it("narrowed, ordered otherwise or a later page, is asked for elsewhere", () => {
    for (const page of [{ q: "Rosa" }, { currency: "EUR" }, { sort: "amount" as const }, { cursor: "abc" }]) {
      expect(consoleHref("GET /api/approvals", { query: approvalQueueParams(page) })).not.toBe(
        FIRST_QUEUE_PAGE_URL,
      );
    }
  });
});
