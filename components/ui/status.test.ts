import { describe, expect, it } from "vitest";
import { kycStatusSchema, quoteStatusSchema, transactionStatusSchema } from "@/shared/contract";
import { hasOwnStatusInfo, humanizeStatus, statusInfo } from "./status";

describe("statusInfo", () => {
  it("maps payment statuses to readable labels and tones", () => {
    expect(statusInfo("PENDING")).toEqual({ label: "Pending", tone: "warning" });
    expect(statusInfo("PROCESSING")).toEqual({ label: "Processing", tone: "info" });
    expect(statusInfo("COMPLETED")).toEqual({ label: "Completed", tone: "success" });
    expect(statusInfo("FAILED")).toEqual({ label: "Failed", tone: "danger" });
    expect(statusInfo("REJECTED")).toEqual({ label: "Rejected", tone: "danger" });
    expect(statusInfo("EXPIRED")).toEqual({ label: "Expired", tone: "neutral" });
    expect(statusInfo("REFUNDED")).toEqual({ label: "Refunded", tone: "info" });
    expect(statusInfo("CREATED")).toEqual({ label: "Created", tone: "neutral" });
  });

  it("maps KYC statuses", () => {
    expect(statusInfo("PENDING_REVIEW")).toEqual({ label: "Pending review", tone: "warning" });
    expect(statusInfo("MANUALLY_APPROVED")).toEqual({ label: "Manually approved", tone: "success" });
    expect(statusInfo("MANUALLY_REJECTED")).toEqual({ label: "Manually rejected", tone: "danger" });
    expect(statusInfo("CANCELED")).toEqual({ label: "Canceled", tone: "neutral" });
  });

  it("has its own label and tone for every status of the contract, not the fallback for unknown ones", () => {
    const all = [
      ...transactionStatusSchema.options,
      ...quoteStatusSchema.options,
      ...kycStatusSchema.options,
    ];
    const lacking = all.filter((status) => !hasOwnStatusInfo(status));
    expect(lacking, "statuses of the contract without an entry in STATUSES").toEqual([]);
  });

  it("does not take a status it merely humanises for one it knows", () => {
    expect(hasOwnStatusInfo("PENDING")).toBe(true);
    expect(hasOwnStatusInfo("PARTIALLY_SETTLED")).toBe(false);
    expect(hasOwnStatusInfo("toString")).toBe(false);
  });

  it("shows a status it does not know in words, in a neutral tone", () => {
    expect(statusInfo("PARTIALLY_SETTLED")).toEqual({ label: "Partially settled", tone: "neutral" });
    expect(humanizeStatus("ON-HOLD")).toBe("On hold");
  });
});
