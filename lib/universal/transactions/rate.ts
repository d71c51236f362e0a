import type { RateDetails } from "../../../shared/contract";
import { formatPercentage, formatSignificant } from "../intl/decimal";

/** An exchange rate to six significant digits, as Intl writes it in en-US, without Intl (../intl/decimal.ts). */
export function formatRate(value: number): string {
  return Number.isFinite(value) ? formatSignificant(value, 6) : "—";
}

/**
 * Both readings of the API's rate (sending-currency units per one receiving-currency unit, api-notes §6): people
 * read "1 USD = 17.2 MXN" more easily than "1 MXN = 0.0581395 USD", so the one per sending unit comes first.
 */
export function describeRate(
  exchangeRate: number,
  sendingCode: string,
  receivingCode: string,
): { perSendingUnit: string; perReceivingUnit: string | null } {
  // Within one currency the second reading repeats the first.
  if (sendingCode === receivingCode) {
    return {
      perSendingUnit: `1 ${sendingCode} = ${formatRate(exchangeRate > 0 ? 1 / exchangeRate : 0)} ${receivingCode}`,
      perReceivingUnit: null,
    };
  }
  return {
    perSendingUnit:
      exchangeRate > 0 ? `1 ${sendingCode} = ${formatRate(1 / exchangeRate)} ${receivingCode}` : "—",
    perReceivingUnit: `1 ${receivingCode} = ${formatRate(exchangeRate)} ${sendingCode}`,
  };
}

export interface RateDetailRow {
  key: keyof RateDetails & string;
  label: string;
  description: string;
  /**
   * How to show the value: a fee in the sending or the receiving currency's minor units (as money, "$0.00" for a
   * zero fee, never a bare "0"), a percentage, or a plain number.
   */
  kind: "sending-minor" | "receiving-minor" | "percent" | "number";
  value: number;
}

const ROWS: readonly Omit<RateDetailRow, "value">[] = [
  {
    key: "serviceApiMultiplier",
    label: "Service multiplier",
    description: "Sending-currency smallest units per receiving-currency smallest unit.",
    kind: "number",
  },
  {
    key: "serviceApiFixedFee",
    label: "Service fixed fee",
    description: "Charged once per payment, in the sending currency.",
    kind: "sending-minor",
  },
  {
    key: "serviceApiVariableFeeRate",
    label: "Service variable fee rate",
    description: "A share of the amount sent.",
    kind: "percent",
  },
  {
    key: "serviceApiVariableFeeAmount",
    label: "Service variable fee",
    description: "The variable rate applied to this payment, in the sending currency.",
    kind: "sending-minor",
  },
  {
    key: "counterpartyMultiplier",
    label: "Counterparty multiplier",
    description: "The receiving institution's own conversion, applied after ours.",
    kind: "number",
  },
  {
    key: "counterpartyFixedFee",
    label: "Counterparty fixed fee",
    description: "Charged by the receiving institution, in the receiving currency.",
    kind: "receiving-minor",
  },
];

/** The rate details the API sent, labelled and explained, in a reading order; absent fields are left out. */
export function rateDetailRows(details: RateDetails | undefined): RateDetailRow[] {
  if (!details) return [];
  return ROWS.flatMap((row) => {
    const value = details[row.key];
    return typeof value === "number" && Number.isFinite(value) ? [{ ...row, value }] : [];
  });
}

/** A fee rate as a percentage to four decimals, as Intl writes it in en-US, without Intl (../intl/decimal.ts). */
export function formatPercent(rate: number): string {
  return formatPercentage(rate, 4);
}
