import type { Currency, Invitation, UserInfoFieldName } from "../../../shared/contract";
import type { ThresholdsProposal } from "../approvals/thresholds-rule";
import type { Role } from "../auth/permissions";
import type { ConfigProposal } from "../config/proposal-types";
import type { PolicyEvaluationView } from "../policies/evaluation-view";
import type { EvaluationDecision, EvaluationFallback } from "../policies/rules";
import type { TransactionDecisionRecord, TransactionEvent } from "../transactions/timeline";
import type { SignatureDiagnosis } from "../webhooks/signature-diagnosis";

/*
 * The answers of the console's own endpoints (lib/universal/console-api/endpoints.ts), declared once: the route that
 * sends one and the browser that reads it both name the type here (or in its domain's universal file).
 */

/** A page of a console list; `totalCount` is how many match its filters in all, when at most 10,000 do. */
type Page<T> = {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | undefined;
  totalCount?: number | undefined;
};

/** One entry of GET /api/audit (app/api/audit/route.ts). */
export type AuditEvent = {
  id: number;
  occurredAt: string;
  actorEmail: string | null;
  /**
   * The name the team knows that member by now, found by the entry's email (lib/server/team/names-by-email.ts); null
   * with no actor, or for an email no member has any more. Not part of the entry: the hash covers the email.
   */
  actorName: string | null;
  actorRole: string | null;
  action: string;
  targetId: string | null;
  /** "attempted" here means an attempt no outcome followed (the list shows an action once, by its outcome). */
  outcome: "attempted" | "allowed" | "refused" | "failed" | "unknown";
  upstreamStatus: number | null;
  requestId: string;
  clientRequestId: string | null;
  summary: Record<string, unknown>;
  hash: string;
};

export type AuditPage = Page<AuditEvent>;

/**
 * What the audit log recorded a configuration change to set. Read leniently (components/config/config-history.tsx):
 * entries written before the summary carried the new values have only the field names.
 */
export type ConfigChangeSummary = {
  fields?: string[] | undefined;
  changes?:
    | {
        umaDomain?: string | undefined;
        webhookEndpoint?: string | undefined;
        supportedCurrencies?:
          | {
              currencyCode: string;
              minAmount: number;
              maxAmount: number;
              requiredCounterpartyFields: { name: UserInfoFieldName; mandatory: boolean }[];
            }[]
          | undefined;
      }
    | undefined;
};

/** One entry of GET /api/config/history (app/api/config/history/route.ts). */
export type ConfigHistoryEntry = {
  id: number;
  occurredAt: string;
  actorEmail: string | null;
  /** The actor's name, when they are a member (named as the console names people, the email on hover). */
  actorName: string | null;
  actorRole: string | null;
  requestId: string;
  summary: Record<string, unknown>;
  /** The name of who proposed a change a second admin approved (`summary.proposedBy` is their email). */
  proposedByName: string | null;
};

export type ConfigHistoryPage = Page<ConfigHistoryEntry>;

/** GET /api/transactions/:id/events (app/api/transactions/[transactionId]/events/route.ts). */
export type TransactionEvents = {
  data: TransactionEvent[];
  /** The sender's (or receiver's) information as the webhooks carried it, the newest copy. */
  counterpartyInformation?: Record<string, string> | undefined;
  /** The fields of counterpartyInformation masked for the person's role (lib/privacy). */
  maskedCounterpartyFields?: string[] | undefined;
  /** What the sender's side asked about our recipient, from the pending INCOMING_PAYMENT webhook. */
  requestedReceiverCustomerInfoFields?: { name: string; mandatory: boolean }[] | undefined;
  /** Approvals and rejections people made in this console, from its audit log, oldest first. */
  decisions?: TransactionDecisionRecord[] | undefined;
  /** The approval policies' evaluations of it (lib/policies), oldest first. */
  policyEvaluations?: PolicyEvaluationView[] | undefined;
};

/** A sum of minor units as a decimal string (`-?\d+`): it may exceed 2^53. */
type MinorSum = string;

type CurrencyBalance = {
  currency: Currency;
  amount: MinorSum;
  accounts: number;
  /** The account's id when the currency has exactly one (the platform's, as a rule): its payments are a link. */
  accountId?: string | undefined;
};

/** GET /api/overview/balances (lib/server/transactions/overview-figures.ts): what the platform and its customers hold. */
export type OverviewBalances = {
  platform: CurrencyBalance[];
  customers: CurrencyBalance[];
  customerAccountsCounted: number;
  customerAccountsTotal?: number | undefined;
  customersComplete: boolean;
};

/** GET /api/overview: 30 days of completed payments per currency and day, in the reader's time zone. */
export type Overview = {
  generatedAt: string;
  timeZone: string;
  days: string[];
  volume: {
    currencies: {
      currency: Currency;
      days: {
        day: string;
        incoming: MinorSum;
        outgoing: MinorSum;
        incomingCount: number;
        outgoingCount: number;
      }[];
    }[];
    transactionsCounted: number;
    complete: boolean;
  };
};

/** GET /api/inbox/rejections (app/api/inbox/rejections/route.ts). */
export type WebhookRejections = {
  data: { id: number; receivedAt: string; reason: string; bodyBytes: number }[];
  lastDayCount: number;
  lastDayNotStored: number;
  storedPerAddressPerMinute: number;
};

/** A webhook the console verified and stored (GET /api/inbox, app/api/inbox/route.ts). */
export type VerifiedInboxRow = {
  kind: "verified";
  id: number;
  webhookId: string;
  type: string;
  receivedAt: string;
  transactionId: string | null;
  transactionStatus: string | null;
  responseStatus: number;
  responseBody: Record<string, unknown> | null;
  payload: Record<string, unknown>;
  /** Null when the payload holds personal data the person's role sees masked (lib/privacy). */
  rawBody: string | null;
};

/** A delivery the console refused (bad signature, unreadable body). */
export type RejectedInboxRow = {
  kind: "rejected";
  id: number;
  receivedAt: string;
  reason: string;
  type: string | null;
  bodyExcerpt: string;
  /** Set (and the excerpt empty) when it names a counterparty's information and the reader sees personal data masked. */
  excerptWithheld?: boolean;
  bodyBytes: number;
};

export type InboxRow = VerifiedInboxRow | RejectedInboxRow;

export type InboxPage = Page<InboxRow>;

export type WebhookPublicKey = {
  /** The environment whose key this is, and the console's setting that holds it. */
  environment: "sandbox" | "production";
  setting: string;
  headerName: string;
  publicKeyPem: string | null;
  fingerprint?: string | undefined;
  keyType?: string | undefined;
  error?: string | undefined;
};

/** POST /api/webhooks/check (app/api/webhooks/check/route.ts): lib/server/webhooks/diagnose.ts's answer, as JSON. */
export type SignatureDiagnosisResult = SignatureDiagnosis;

/**
 * GET /api/approvals/thresholds: the two-person rule per currency (minor units), and the change of it waiting for a
 * second person, if any.
 */
export interface ApprovalThresholds {
  thresholds: { currency: string; minimumAmount: number }[];
  proposal: ThresholdsProposal | null;
}

/** PUT /api/approvals/thresholds: applied (stricter), or proposed (looser) with its stricter part applied. */
export interface ThresholdsChangeResult {
  thresholds: { currency: string; minimumAmount: number }[];
  proposal: ThresholdsProposal | null;
}

/**
 * The emergency switch: while on, every pending payment is held for people whatever the policies say
 * (GET/PUT /api/approvals/emergency-hold; lib/server/policies/emergency-hold.ts).
 */
export interface EmergencyHold {
  on: boolean;
  reason: string | null;
  by: string | null;
  at: string | null;
  /**
   * While on: someone asked to turn it off, which takes a second person (decision 0089); null when nobody has.
   * `byId` is who asked (they cannot confirm it), `by` their email.
   */
  lift: { byId: string; by: string; reason: string; at: string } | null;
}

/** One entry of GET /api/invitations (lib/server/invitations/recent.ts). */
export interface RecentInvitation {
  code: string;
  /** How the console knows of it: created here (who, when), or claimed (an INVITATION_CLAIMED webhook). */
  source: "console" | "webhook";
  createdBy: { name: string | null; email: string | null } | null;
  knownAt: string;
  /** As the payment API has it now; null when it could not be read (`error` says why). */
  invitation: Invitation | null;
  error?: string;
}

/** A console user as /api/team answers (app/api/team/route.ts). */
export type TeamMember = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Linked to an identity at the single sign-on provider (its first single sign-on links it). */
  sso: boolean;
  /** When that link was made; null when not linked, or linked before the console kept the time. */
  ssoLinkedAt: string | null;
  /** Whether they have a password to sign in with. */
  password: boolean;
  /** The last successful sign-in; null if they never signed in. */
  lastSignedInAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A team change waiting for (or decided by) a second admin, as /api/team/proposals answers it. */
export type TeamProposal = Extract<ConfigProposal, { kind: "team" }>;

/** What the Team page's "Waiting for a second admin" decides: team changes and who sees personal data unmasked. */
export type TeamPageProposal = Extract<ConfigProposal, { kind: "team" | "privacy" }>;

/** What one policy version would decide for a replayed payment: the decision, the rule, why held without one. */
export interface BacktestOutcome {
  decision: EvaluationDecision;
  ruleName: string | null;
  fallback: EvaluationFallback | null;
}

/** How many replayed payments a version would approve, reject and hold. */
export type BacktestCounts = Record<EvaluationDecision, number>;

/**
 * The backtest (POST /api/policies/backtest, lib/server/policies/backtest.ts): the platform's incoming payments of
 * the last `days` replayed through the version in force now (none: all held for people) and the candidate document,
 * with the payments they decide differently and what actually happened to those. The page only displays it.
 */
export interface BacktestResult {
  days: number;
  period: { from: string; to: string };
  total: number;
  active: { version: number } | null;
  counts: { active: BacktestCounts; candidate: BacktestCounts };
  /** Every payment the two versions decide differently. */
  changed: {
    transactionId: string;
    receivedAt: string;
    amount: { value: number; currency: string };
    sender: string;
    receiver: string;
    active: BacktestOutcome;
    candidate: BacktestOutcome;
    happened: { decision: string; by: string | null };
  }[];
  truncated?: { limit: number; received: number };
}

export type { TransactionEvent };
