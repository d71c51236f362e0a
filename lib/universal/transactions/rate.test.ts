import { describe, expect, it } from "vitest";
import { describeRate, formatPercent, rateDetailRows } from "./rate";

describe("describeRate", () => {
  it("reads the rate both ways", () => {
    expect(describeRate(0.05813953488, "USD", "MXN")).toEqual({
      perSendingUnit: "1 USD = 17.2 MXN",
      perReceivingUnit: "1 MXN = 0.0581395 USD",
    });
    expect(describeRate(0, "USD", "MXN").perSendingUnit).toBe("—");
    expect(describeRate(1, "USD", "USD")).toEqual({
      perSendingUnit: "1 USD = 1 USD",
      perReceivingUnit: null,
    });
  });
});

describe("rateDetailRows", () => {
  it("labels the fields that are present, in reading order", () => {
    const rows = rateDetailRows({
      counterpartyMultiplier: 1,
      serviceApiFixedFee: 10,
      serviceApiVariableFeeRate: 0.003,
      serviceApiVariableFeeAmount: 30,
    });
    expect(rows.map((row) => [row.label, row.kind, row.value])).toEqual([
      ["Service fixed fee", "sending-minor", 10],
      ["Service variable fee rate", "percent", 0.003],
      ["Service variable fee", "sending-minor", 30],
      ["Counterparty multiplier", "number", 1],
    ]);
    expect(rateDetailRows(undefined)).toEqual([]);
  });

  it("marks the counterparty's fixed fee as money in the receiving currency, so a zero fee reads as money", () => {
    const rows = rateDetailRows({
      counterpartyFixedFee: 0,
      serviceApiVariableFeeRate: 0.001,
      serviceApiVariableFeeAmount: 0,
    });
    expect(rows.find((row) => row.key === "counterpartyFixedFee")).toEqual(
      expect.objectContaining({ kind: "receiving-minor", value: 0 }),
    );
    // The variable fee's amount is money too: a zero fee reads as money, not a bare 0.
    expect(rows.find((row) => row.key === "serviceApiVariableFeeAmount")).toEqual(
      expect.objectContaining({ kind: "sending-minor", value: 0 }),
    );
  });

  it("prints fee rates as percentages", () => {
    expect(formatPercent(0.003)).toBe("0.3%");
  });
});
