import { describe, expect, it } from "vitest";
import { ApiError } from "@/shared/api-error";
import { decisionError } from "./decision-error";

describe("a decision's error", () => {
  it("says what the API said when this approval itself ended the payment, not that someone else decided it", () => {
    const ended = new ApiError(
      409,
      "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
      "Transaction T could not be approved: The receiver, customer C, was deleted while the payment waited. It is FAILED now.",
      { status: "FAILED", reason: "The receiver, customer C, was deleted while the payment waited." },
    );
    expect(decisionError(ended, "fallback")).toEqual({ message: ended.message, ended: true });
  });

  it("says someone else decided it for any other 409", () => {
    const taken = new ApiError(
      409,
      "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
      "Not waiting (status COMPLETED).",
      {
        status: "COMPLETED",
      },
    );
    expect(decisionError(taken, "fallback")).toEqual({
      message: "Someone else already decided this payment, or it timed out.",
    });
  });

  it("says the console's own refusals in their words, not that someone else decided the payment", () => {
    const deleted =
      "The customer was deleted while this payment waited: approving it would fail it, so nothing was sent. Reject it to tell the sender why.";
    expect(decisionError(new ApiError(409, "CUSTOMER_DELETED", deleted), "fallback")).toEqual({
      message: deleted,
      final: true,
    });
    for (const [code, message] of [
      [
        "SCREENING_MATCH_OPEN",
        "The sender is a potential match on a watchlist: dismiss each match as a false positive, with a reason, before approving.",
      ],
      ["IN_PROGRESS", "This request is still being handled."],
    ] as const) {
      expect(decisionError(new ApiError(409, code, message), "fallback")).toEqual({ message });
    }
  });
});
