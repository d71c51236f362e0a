import { currencyDecimals } from "../../../shared/contract/iso-4217";
import { minorUnitsToDecimalString } from "../money/format";
import type { Clause, Outcome, Rule } from "./rules";

/**
 * A policy rule in words a compliance officer reads: "Amount received ≥ USD 1,000.00 and sender on the allow-list
 * → Approve". Pure and zod-free, for the policies page, its diff and the backtest.
 */

const COMPARISON = { lt: "<", lte: "≤", gt: ">", gte: "≥", eq: "=" } as const;

/** "USD 1,000.00": the currency's code, then the amount in its decimal places with thousands grouped. */
export function moneyInWords(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency) ?? 2;
  const decimal = minorUnitsToDecimalString(minor, decimals);
  const [whole = "0", fraction] = decimal.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${currency} ${fraction ? `${grouped}.${fraction}` : grouped}`;
}

const list = (values: readonly string[]) => values.join(", ");
const membership = (op: "in" | "notIn") => (op === "in" ? "is one of" : "is not one of");
const sideWord = (side: "receiving" | "sending") => (side === "receiving" ? "received" : "sent");

export function describeClause(clause: Clause): string {
  switch (clause.kind) {
    case "amount":
      return `amount ${sideWord(clause.side)} ${COMPARISON[clause.op]} ${moneyInWords(clause.value, clause.currency)}`;
    case "currency":
      return `currency ${sideWord(clause.side)} ${membership(clause.op)} ${list(clause.values)}`;
    case "senderDomain":
      return `sender's domain ${membership(clause.op)} ${list(clause.values)}`;
    case "senderAllowListed":
      return clause.value ? "sender on the allow-list" : "sender not on the allow-list";
    case "counterpartyField":
      return `sender's ${clause.field} ${clause.present ? "given" : "missing"}`;
    case "counterpartyValue":
      return `sender's ${clause.field} ${membership(clause.op)} ${list(clause.values)}`;
    case "recipientType":
      return `recipient type ${membership(clause.op)} ${list(clause.values.map((value) => value.toLowerCase()))}`;
    case "recipientKyc":
      return `recipient's KYC status ${membership(clause.op)} ${list(clause.values)}`;
    case "recipientAgeDays":
      return `recipient's account age ${COMPARISON[clause.op]} ${clause.value} days`;
    case "screeningClear":
      return clause.value ? "sender screened clear" : "sender not screened clear";
    case "screeningScore":
      return `sender's best screening score ${COMPARISON[clause.op]} ${clause.value}%`;
    case "velocity": {
      const what =
        clause.measure === "count"
          ? `payments per ${clause.per}`
          : `total per ${clause.per}${clause.currency ? ` in ${clause.currency}` : ""}`;
      const value =
        clause.measure === "amount" && clause.currency
          ? moneyInWords(clause.value, clause.currency)
          : String(clause.value);
      return `${what} in the last ${clause.hours} h ${COMPARISON[clause.op]} ${value}`;
    }
  }
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.decision) {
    case "approve":
      return "Approve";
    case "reject":
      return `Reject (${outcome.code}: ${outcome.message})`;
    case "hold":
      return `Hold for ${outcome.queue}${outcome.priority === "high" ? " (high priority)" : ""}`;
  }
}

/** The conditions joined by "and", capitalised, then the outcome. */
export function describeConditions(clauses: readonly Clause[]): string {
  const text = clauses.map(describeClause).join(" and ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeRule(rule: Rule): string {
  return `${describeConditions(rule.when)} → ${describeOutcome(rule.then)}`;
}
