import type { Transaction } from "../../../shared/contract";
import type { ChainRow } from "../audit/chain-row";
import type { PolicyEvaluationView } from "../policies/evaluation-view";
import type { ScreeningRecord } from "../screening/records";
import type { TransactionDecisionRecord } from "../transactions/timeline";

/** One payment's evidence file (lib/server/evidence/payment-evidence.ts builds it; the browser shows it). */
export const EVIDENCE_FORMAT = "payments-console-evidence/1";

export interface PaymentEvidence {
  format: typeof EVIDENCE_FORMAT;
  generatedAt: string;
  generatedBy: { email: string; role: string };
  transactionId: string;
  /** The payment as the payment API has it at generation time: its final (or current) state. */
  transaction: Transaction;
  /** Every webhook about it, exactly as received (raw body), with how the console answered. */
  webhooks: {
    webhookId: string;
    type: string;
    receivedAt: string;
    signature: "verified";
    rawBody: string;
    answeredStatus: number;
    answeredBody: unknown;
  }[];
  /** The people's decisions made in this console, with who and when. */
  decisions: TransactionDecisionRecord[];
  /**
   * The sender screened against the watchlists, newest first: what was screened, against which list versions, each
   * hit explained, and compliance's dismissals and confirmations with who, when and why (issue 48).
   */
  screenings: ScreeningRecord[];
  /** The approval policies' evaluations of it: decision, version, rule or fallback, and the facts each saw. */
  policyEvaluations: (PolicyEvaluationView & { facts: Record<string, unknown> })[];
  /** The audit log's rows about it, with their place in the hash chain. */
  auditRows: ChainRow[];
  /**
   * The names the team knows the file's people by when it is made, by lower-cased email: the audit rows and the
   * generator keep only emails (the chain's hash covers the email), and a removed member has no name here.
   */
  people: Record<string, string>;
  /**
   * How the counterparty's personal data stands in this file: masked as the generating person's role sees it (the
   * fields named), or unmasked because they stated a reason, which the audit log keeps (issue 46 item 5).
   */
  personalData: PersonalDataNote;
  verification: string;
}

export type PersonalDataNote =
  | { form: "masked"; maskedFields: string[]; note: string }
  | { form: "unmasked"; unmaskedFields: string[]; note: string };
