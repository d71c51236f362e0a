import { describe, expect, it } from "vitest";
import { approvalStep, needsTwoApprovers } from "./two-approvers-rule";

describe("two-person rule", () => {
  const thresholds = [{ currency: "USD", minimumAmount: 100_000 }];

  it("applies from the threshold up, in its currency only", () => {
    expect(needsTwoApprovers(thresholds, "USD", 99_999)).toBe(false);
    expect(needsTwoApprovers(thresholds, "USD", 100_000)).toBe(true);
    expect(needsTwoApprovers(thresholds, "MXN", 10_000_000)).toBe(false);
    expect(needsTwoApprovers([], "USD", 10_000_000)).toBe(false);
  });

  it("records a first approval, sends a second by someone else, refuses a second by the same person", () => {
    const first = { approverId: "u1", approverEmail: "carla@example.com", requestId: "req_1" };
    expect(approvalStep(false, undefined, "u1")).toEqual({ kind: "single" });
    expect(approvalStep(true, undefined, "u1")).toEqual({ kind: "first" });
    expect(approvalStep(true, first, "u1")).toEqual({ kind: "same-person" });
    expect(approvalStep(true, first, "u2")).toEqual({
      kind: "second",
      firstApproverEmail: "carla@example.com",
      firstRequestId: "req_1",
    });
    // A first approval stands even if the threshold was raised since: the second is still needed.
    expect(approvalStep(false, first, "u2").kind).toBe("second");
  });
});
