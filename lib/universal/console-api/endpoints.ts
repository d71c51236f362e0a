import type { ApiToken, QuoteList, TransactionList } from "../../../shared/contract";
import type { ConsoleTokenList } from "../api/token-list";
import type { ApprovalQueue, ApprovalSummary, PendingApproval } from "../approvals/pending-approval";
import type { ThresholdsProposal } from "../approvals/thresholds-rule";
import type { Environment, Permission } from "../auth/permissions";
import type { EndpointHealth } from "../config/endpoint-health";
import type { FourEyesSetting } from "../config/four-eyes-rule";
import type { ConfigProposal, ConfigProposals } from "../config/proposal-types";
import type { PaymentEvidence } from "../evidence/payment-evidence-types";
import type { WaitingProposals } from "../four-eyes/waiting-for-me";
import type { CustomerSearchResult, MatchingCustomers } from "../names/customer-matches";
import type { Names } from "../names/labels";
import type { PolicyVersionList, PolicyVersionView } from "../policies/version-types";
import type { Visibility } from "../privacy/fields";
import type { ScreeningAlertSummary } from "../screening/alerts-badge";
import type {
  RecipientScreening,
  ScreeningListHealth,
  ScreeningRecord,
  ScreeningRecords,
  ScreeningSearchResult,
  ScreeningSources,
} from "../screening/records";
import type { SavedView } from "../views/saved-view";
import type {
  ApprovalThresholds,
  AuditPage,
  BacktestResult,
  ConfigHistoryPage,
  EmergencyHold,
  InboxPage,
  Overview,
  OverviewBalances,
  RecentInvitation,
  SignatureDiagnosisResult,
  TeamMember,
  TeamPageProposal,
  TeamProposal,
  ThresholdsChangeResult,
  TransactionEvents,
  WebhookPublicKey,
  WebhookRejections,
} from "./types";

/** Every method a console endpoint answers. */
const CONSOLE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ConsoleMethod = (typeof CONSOLE_METHODS)[number];

interface EndpointBase {
  method: ConsoleMethod;
  /** The app/api folder path: `/api/views/[viewId]` (a `[name]` is one path parameter). */
  path: string;
  /** One line: what it answers or does. */
  summary: string;
  /** Answered as a file or a stream, not JSON (the browser links to it or reads it as events). */
  raw?: "csv" | "event-stream";
}

/** An endpoint behind the console's guard (lib/server/guard/console-route.ts): session, CSRF, permission, audit. */
export interface GuardedEndpoint<Response = unknown> extends EndpointBase {
  permission: Permission;
  /**
   * Who may call it, in words, when its permission is shared with other work (approvals.decide also covers the
   * emergency hold, the two-person rule, the policies and revealing personal data): a refusal says this instead of
   * the permission's own sentence ("…approve or reject payments").
   */
  whoMay?: string;
  /** The audit action of its refusals and, for a mutation, of what it does (unchanged from the route's history). */
  action: string;
  public?: undefined;
  /** Phantom: the answer's type, read with ResponseOf. Never set. */
  readonly response?: Response;
}

/** An endpoint outside the guard by design: Auth.js's own, health, the signed webhook receiver. */
export interface PublicEndpoint extends EndpointBase {
  public: true;
  permission?: undefined;
  action?: undefined;
}

export type ConsoleEndpoint = GuardedEndpoint | PublicEndpoint;

/** A guarded endpoint's entry; the type parameter is its answer (`ResponseOf<key>`). */
function endpoint<Response>(
  spec: Omit<GuardedEndpoint<Response>, "response" | "public">,
): GuardedEndpoint<Response> {
  return spec;
}

function publicEndpoint(spec: Omit<PublicEndpoint, "public">): PublicEndpoint {
  return { ...spec, public: true };
}

type ThresholdsProposals = { pending: ThresholdsProposal | null; recent: ThresholdsProposal[] };
type OneVersion = { version: PolicyVersionView };
type EnvironmentChoice = { environment: Environment; available: Environment[] };

/**
 * The console's own API (app/api/**): one entry per method and path, keyed `"METHOD /api/path"` as the route's
 * folder is named. The route handler (consoleRoute), the browser's client (consoleCall), the role-matrix test and
 * docs/CONSOLE-API.md (`npm run docs:api`) all read it. The relay's routes (/api/payments/*) are its own table,
 * lib/universal/relay/route-table.ts.
 */
export const CONSOLE_API = {
  "POST /api/account/password": endpoint<{ signedOut: true }>({
    method: "POST",
    path: "/api/account/password",
    permission: "read",
    action: "account.password.change",
    summary:
      "Changes one's own password; a wrong current one counts as a failed sign-in; every session ends.",
  }),
  "GET /api/approvals": endpoint<ApprovalQueue>({
    method: "GET",
    path: "/api/approvals",
    permission: "read",
    action: "approvals.list",
    summary:
      "One page (25) of the pending incoming payments with what their webhooks carried: ?cursor, ?q, ?currency, ?sort.",
  }),
  "GET /api/approvals/summary": endpoint<ApprovalSummary>({
    method: "GET",
    path: "/api/approvals/summary",
    permission: "read",
    action: "approvals.summary",
    summary: "How many wait and the soonest three, for the overview (not the whole queue).",
  }),
  "GET /api/approvals/[transactionId]": endpoint<PendingApproval>({
    method: "GET",
    path: "/api/approvals/[transactionId]",
    permission: "read",
    action: "approvals.entry",
    summary:
      "One payment's queue entry, on whichever page of the queue it is (its own page's actions); 404 when it waits for no decision.",
  }),
  "GET /api/approvals/emergency-hold": endpoint<EmergencyHold>({
    method: "GET",
    path: "/api/approvals/emergency-hold",
    permission: "read",
    action: "approvals.emergency-hold.read",
    summary: "The emergency hold: on or off, who set it, when and why.",
  }),
  "PUT /api/approvals/emergency-hold": endpoint<EmergencyHold>({
    method: "PUT",
    path: "/api/approvals/emergency-hold",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins turn the emergency hold on or off.",
    action: "approvals.emergency-hold.update",
    summary:
      "Turns the emergency hold on with a reason (audited, before and after); off takes two people: the first asks (202, still on), a second confirms.",
  }),
  "GET /api/approvals/thresholds": endpoint<ApprovalThresholds>({
    method: "GET",
    path: "/api/approvals/thresholds",
    permission: "read",
    action: "approvals.thresholds.read",
    summary: "The two-person rule: per currency, the amount from which two approve.",
  }),
  "PUT /api/approvals/thresholds": endpoint<ThresholdsChangeResult>({
    method: "PUT",
    path: "/api/approvals/thresholds",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins change the two-person rule.",
    action: "approvals.thresholds.update",
    summary: "Sets the two-person rule: stricter applies (200); looser is a proposal (202).",
  }),
  "GET /api/approvals/thresholds/proposals": endpoint<ThresholdsProposals>({
    method: "GET",
    path: "/api/approvals/thresholds/proposals",
    permission: "read",
    action: "approvals.thresholds.proposals.read",
    summary: "The rule's change waiting for a second person, and the latest decided.",
  }),
  "POST /api/approvals/thresholds/proposals/[id]/approve": endpoint<ThresholdsProposal>({
    method: "POST",
    path: "/api/approvals/thresholds/proposals/[id]/approve",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins change the two-person rule.",
    action: "approvals.thresholds.proposal.approve",
    summary: "Another compliance officer or admin applies a loosening of the rule.",
  }),
  "POST /api/approvals/thresholds/proposals/[id]/decline": endpoint<ThresholdsProposal>({
    method: "POST",
    path: "/api/approvals/thresholds/proposals/[id]/decline",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins change the two-person rule.",
    action: "approvals.thresholds.proposal.decline",
    summary: "Another compliance officer or admin declines a loosening of the rule.",
  }),
  "POST /api/approvals/thresholds/proposals/[id]/withdraw": endpoint<ThresholdsProposal>({
    method: "POST",
    path: "/api/approvals/thresholds/proposals/[id]/withdraw",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins change the two-person rule.",
    action: "approvals.thresholds.proposal.withdraw",
    summary: "The proposer takes a loosening of the rule back.",
  }),
  "GET /api/audit": endpoint<AuditPage>({
    method: "GET",
    path: "/api/audit",
    permission: "audit.read",
    action: "audit.list",
    summary:
      "The append-only audit log with filters, newest first, a page at a time with how many entries match (up to 10,000).",
  }),
  "GET /api/audit/export": endpoint<string>({
    method: "GET",
    path: "/api/audit/export",
    permission: "audit.read",
    action: "audit.export",
    summary: "The whole filtered audit log as CSV, in batches of 1,000; itself audited.",
    raw: "csv",
  }),
  "GET /api/auth/[...nextauth]": publicEndpoint({
    method: "GET",
    path: "/api/auth/[...nextauth]",
    summary: "Auth.js: session, CSRF token, providers, sign-in pages.",
  }),
  "POST /api/auth/[...nextauth]": publicEndpoint({
    method: "POST",
    path: "/api/auth/[...nextauth]",
    summary: "Auth.js: sign in and sign out.",
  }),
  "GET /api/config/four-eyes": endpoint<{ setting: FourEyesSetting }>({
    method: "GET",
    path: "/api/config/four-eyes",
    permission: "read",
    action: "config.four-eyes.read",
    summary: "Which configuration parts need a second admin.",
  }),
  "PUT /api/config/four-eyes": endpoint<{ setting: FourEyesSetting; proposal: ConfigProposal | null }>({
    method: "PUT",
    path: "/api/config/four-eyes",
    permission: "config.write",
    action: "config.four-eyes.update",
    summary: "Changes which parts need a second admin; turning one off is a proposal.",
  }),
  "GET /api/config/history": endpoint<ConfigHistoryPage>({
    method: "GET",
    path: "/api/config/history",
    permission: "read",
    action: "config.history",
    summary: "Configuration changes (before and after each), from the audit log.",
  }),
  "GET /api/config/webhook-endpoint": endpoint<EndpointHealth>({
    method: "GET",
    path: "/api/config/webhook-endpoint",
    permission: "read",
    action: "config.webhook-endpoint.read",
    summary:
      "Whether the configured webhook endpoint answers the payment API, by its latest delivery attempt (the local service reports them; elsewhere `unknown`), and the endpoint it replaced, from the configuration's history.",
  }),
  "GET /api/config/proposals": endpoint<ConfigProposals>({
    method: "GET",
    path: "/api/config/proposals",
    permission: "read",
    action: "config.proposals.read",
    summary: "Configuration changes waiting for a second admin, and the ten latest decided.",
  }),
  "POST /api/config/proposals/[id]/approve": endpoint<ConfigProposal>({
    method: "POST",
    path: "/api/config/proposals/[id]/approve",
    permission: "config.write",
    action: "config.proposal.approve",
    summary: "Another admin applies a proposal (through the relay, audited).",
  }),
  "POST /api/config/proposals/[id]/decline": endpoint<ConfigProposal>({
    method: "POST",
    path: "/api/config/proposals/[id]/decline",
    permission: "config.write",
    action: "config.proposal.decline",
    summary: "Another admin declines a proposal.",
  }),
  "POST /api/config/proposals/[id]/withdraw": endpoint<ConfigProposal>({
    method: "POST",
    path: "/api/config/proposals/[id]/withdraw",
    permission: "config.write",
    action: "config.proposal.withdraw",
    summary: "The proposer takes a proposal back.",
  }),
  "GET /api/customers/search": endpoint<CustomerSearchResult>({
    method: "GET",
    path: "/api/customers/search",
    permission: "read",
    action: "customers.search",
    summary: "Customers by words of a name or email, a UMA address or an id (pickers).",
  }),
  "GET /api/customers/matching": endpoint<MatchingCustomers>({
    method: "GET",
    path: "/api/customers/matching",
    permission: "read",
    action: "customers.match",
    summary:
      "The customer list narrowed by words of a name, email, UMA address or id, with its other filters: ?q, ?platformCustomerId, ?umaAddress, ?customerType, ?createdAfter, ?createdBefore, ?updatedAfter, ?updatedBefore, ?isIncludingDeleted, ?cursor, ?limit.",
  }),
  "GET /api/environment": endpoint<EnvironmentChoice>({
    method: "GET",
    path: "/api/environment",
    permission: "read",
    action: "environment.read",
    summary: "The environment this browser acts on and those it may switch to.",
  }),
  "PUT /api/environment": endpoint<EnvironmentChoice>({
    method: "PUT",
    path: "/api/environment",
    permission: "read",
    action: "environment.switch",
    summary: "Switches the environment this browser acts on (audited).",
  }),
  "GET /api/events": endpoint<never>({
    method: "GET",
    path: "/api/events",
    permission: "read",
    action: "events.stream",
    summary: "Server-sent events (live updates).",
    raw: "event-stream",
  }),
  "GET /api/health": publicEndpoint({
    method: "GET",
    path: "/api/health",
    summary: "Health: the process and its database.",
  }),
  "GET /api/health/live": publicEndpoint({
    method: "GET",
    path: "/api/health/live",
    summary: "Liveness: the process answers.",
  }),
  "GET /api/health/ready": publicEndpoint({
    method: "GET",
    path: "/api/health/ready",
    summary: "Readiness: the database and the payment API are reachable.",
  }),
  "GET /api/inbox": endpoint<InboxPage>({
    method: "GET",
    path: "/api/inbox",
    permission: "read",
    action: "webhooks.inbox.list",
    summary:
      "The verified webhook inbox, with filters, a page at a time with how many events match (up to 10,000).",
  }),
  "GET /api/inbox/rejections": endpoint<WebhookRejections>({
    method: "GET",
    path: "/api/inbox/rejections",
    permission: "read",
    action: "webhooks.rejections",
    summary: "Deliveries that failed verification.",
  }),
  "GET /api/invitations": endpoint<{ data: RecentInvitation[] }>({
    method: "GET",
    path: "/api/invitations",
    permission: "read",
    action: "invitations.list",
    summary: "Invitations this console created or was told were claimed, status from the API.",
  }),
  "GET /api/names": endpoint<Names>({
    method: "GET",
    path: "/api/names",
    permission: "read",
    action: "names.read",
    summary: "Names of up to 100 customer and account ids, for the lists' columns.",
  }),
  "GET /api/overview": endpoint<Overview>({
    method: "GET",
    path: "/api/overview",
    permission: "read",
    action: "overview.read",
    summary: "30 days of volume per currency, days in the reader's time zone (`?timeZone=`).",
  }),
  "GET /api/overview/balances": endpoint<OverviewBalances>({
    method: "GET",
    path: "/api/overview/balances",
    permission: "read",
    action: "overview.balances.read",
    summary: "Balance sums per currency (platform and customers) for the overview.",
  }),
  "GET /api/policies": endpoint<PolicyVersionList>({
    method: "GET",
    path: "/api/policies",
    permission: "read",
    action: "policy.version.list",
    summary: "Approval policy versions.",
  }),
  "POST /api/policies": endpoint<OneVersion>({
    method: "POST",
    path: "/api/policies",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins write approval policies.",
    action: "policy.version.create",
    summary: "A new policy draft, from a document or a copy of a version.",
  }),
  "POST /api/policies/backtest": endpoint<BacktestResult>({
    method: "POST",
    path: "/api/policies/backtest",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins backtest approval policies.",
    action: "policies.backtest",
    summary:
      "Replays the platform's incoming payments of the last 1–90 days, as the payment API has them, through the version in force and a candidate policy document, and lists the payments they decide differently.",
  }),
  "GET /api/policies/[versionId]": endpoint<OneVersion>({
    method: "GET",
    path: "/api/policies/[versionId]",
    permission: "read",
    action: "policy.version.read",
    summary: "One policy version.",
  }),
  "PUT /api/policies/[versionId]": endpoint<OneVersion>({
    method: "PUT",
    path: "/api/policies/[versionId]",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins write approval policies.",
    action: "policy.version.update",
    summary: "Edits a draft.",
  }),
  "POST /api/policies/[versionId]/activate": endpoint<OneVersion & { superseded: number | null }>({
    method: "POST",
    path: "/api/policies/[versionId]/activate",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins activate approval policies.",
    action: "policy.version.activate",
    summary: "A second person activates a proposed version (audited).",
  }),
  "POST /api/policies/[versionId]/decline": endpoint<OneVersion>({
    method: "POST",
    path: "/api/policies/[versionId]/decline",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins decide approval policies.",
    action: "policy.version.decline",
    summary:
      "A second person declines a proposed version with their reason (`{reason}`: at least 10 letters or digits, at most 500 characters), kept with the version (audited).",
  }),
  "POST /api/policies/[versionId]/propose": endpoint<OneVersion>({
    method: "POST",
    path: "/api/policies/[versionId]/propose",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins propose approval policies.",
    action: "policy.version.propose",
    summary:
      "A draft proposed for a second person; 409 `POLICY_UNCHANGED` when its rules and allow-list are those of the version in force (audited).",
  }),
  "POST /api/privacy/reveal": endpoint<{ transactionId: string; field: string; value: string }>({
    method: "POST",
    path: "/api/privacy/reveal",
    permission: "approvals.decide",
    whoMay: "Only compliance officers and admins reveal personal data.",
    action: "privacy.reveal",
    summary: "One masked counterparty field, with the person's reason (audited).",
  }),
  "GET /api/privacy/visibility": endpoint<{ visibility: Visibility }>({
    method: "GET",
    path: "/api/privacy/visibility",
    permission: "read",
    action: "privacy.visibility.read",
    summary: "Which roles see which kinds of counterparty data unmasked.",
  }),
  "PUT /api/privacy/visibility": endpoint<{ visibility: Visibility; proposal: ConfigProposal | null }>({
    method: "PUT",
    path: "/api/privacy/visibility",
    permission: "team.manage",
    action: "privacy.visibility.update",
    summary:
      "Changes it (audited, before and after); masking applies at once, unmasking waits for a second admin (202). Admins always see everything.",
  }),
  "GET /api/quotes/by-amount": endpoint<QuoteList>({
    method: "GET",
    path: "/api/quotes/by-amount",
    permission: "read",
    action: "quotes.read",
    summary: "A page of quotes within an amount range, read from the API's pages.",
  }),
  "GET /api/screening/alerts": endpoint<ScreeningRecords>({
    method: "GET",
    path: "/api/screening/alerts",
    permission: "screening.read",
    action: "screening.alerts.list",
    summary: "Open potential matches across payments and customers, oldest first.",
  }),
  "GET /api/screening/alerts/summary": endpoint<ScreeningAlertSummary>({
    method: "GET",
    path: "/api/screening/alerts/summary",
    permission: "screening.read",
    action: "screening.alerts.summary",
    summary:
      "How many alerts are open (every one, not a page of them): the navigation's mark beside Screening.",
  }),
  "GET /api/screening/lists": endpoint<ScreeningListHealth>({
    method: "GET",
    path: "/api/screening/lists",
    permission: "screening.read",
    action: "screening.lists.list",
    summary: "The watchlists' stored versions: source, date, hash, counts, parse errors, in use or stale.",
  }),
  "POST /api/screening/lists/refresh": endpoint<ScreeningListHealth>({
    method: "POST",
    path: "/api/screening/lists/refresh",
    permission: "screening.lists",
    action: "screening.lists.refresh",
    summary:
      "Reads the lists' folder again now: new bytes become a new version; a failed load replaces nothing.",
  }),
  "POST /api/screening/lists/upload": endpoint<ScreeningListHealth>({
    method: "POST",
    path: "/api/screening/lists/upload",
    permission: "screening.lists",
    action: "screening.lists.upload",
    summary:
      "Uploads a list file (`?list=un`, `ofac-advanced` or `eu-fsf`, the file as the body), read whole first: a list not in use is in use at once (200); a new file of a list in use waits for a second admin (202, a `screening-list` proposal decided at /api/config/proposals). Audited.",
  }),
  "POST /api/screening/recipients": endpoint<RecipientScreening>({
    method: "POST",
    path: "/api/screening/recipients",
    permission: "money.move",
    action: "screening.recipient",
    summary:
      "Screens the holder of an external account about to be paid (once; later calls answer the stored screening) and answers its outcome in one line (audited). Body: accountId, and customerIds (up to 2) who may own it, where an account older than those the console reads is looked for; 409 RECIPIENT_NOT_FOUND when it is not found there.",
  }),
  "GET /api/screening/results": endpoint<ScreeningRecords>({
    method: "GET",
    path: "/api/screening/results",
    permission: "screening.read",
    action: "screening.results.list",
    summary:
      "A payment's, a customer's or an external account holder's screenings (`?payment=`, `?customer=` or `?recipient=`), newest first, each explained.",
  }),
  "POST /api/screening/results/[resultId]/confirm": endpoint<{
    screening: ScreeningRecord;
    step: "proposed" | "confirmed";
    payment?:
      | {
          rejected: boolean | "unknown";
          status?: number | undefined;
          /** The payment's status when the API refused the rejection because the payment had already ended. */
          endedAs?: string | undefined;
        }
      | undefined;
  }>({
    method: "POST",
    path: "/api/screening/results/[resultId]/confirm",
    permission: "screening.decide",
    action: "screening.confirm",
    summary:
      "Confirms a potential match with a reason: the first officer proposes, a second confirms; a confirmed payment is then rejected (audited).",
  }),
  "POST /api/screening/results/[resultId]/dismiss": endpoint<{ screening: ScreeningRecord }>({
    method: "POST",
    path: "/api/screening/results/[resultId]/dismiss",
    permission: "screening.decide",
    action: "screening.dismiss",
    summary:
      "Dismisses one potential match as a false positive with a reason, remembered for the same data and entry (audited).",
  }),
  "POST /api/screening/results/[resultId]/reveal": endpoint<{ screening: ScreeningRecord }>({
    method: "POST",
    path: "/api/screening/results/[resultId]/reveal",
    permission: "screening.decide",
    action: "screening.reveal",
    summary:
      "The screening with one of the screened sender's masked fields (`{field}`: FULL_NAME, BIRTH_DATE or NATIONALITY) shown, and how it compares with each list entry, with the person's reason (`{justification}`, audited).",
  }),
  "POST /api/screening/search": endpoint<ScreeningSearchResult>({
    method: "POST",
    path: "/api/screening/search",
    permission: "screening.read",
    action: "screening.search",
    summary:
      "Screens a name (with date of birth and country if given) against the lists in use; the result is not stored, the search is audited.",
  }),
  "GET /api/screening/sources": endpoint<ScreeningSources>({
    method: "GET",
    path: "/api/screening/sources",
    permission: "screening.read",
    action: "screening.sources.list",
    summary:
      "The lists' sources (a file path or URL fetched every N hours; a URL without its credentials), each with its last fetch's outcome and next refresh, and the changes to them waiting for a second admin.",
  }),
  "POST /api/screening/sources": endpoint<{ proposal: ConfigProposal }>({
    method: "POST",
    path: "/api/screening/sources",
    permission: "screening.lists",
    action: "screening.sources.propose",
    summary:
      "Proposes a list's source (`listId`, `location`: an absolute path or an http(s) URL, `intervalHours`, 24 if not given), replacing the list's current one: 202, a `screening-source` proposal a second admin decides at /api/config/proposals. Audited.",
  }),
  "DELETE /api/screening/sources/[sourceId]": endpoint<{ proposal: ConfigProposal }>({
    method: "DELETE",
    path: "/api/screening/sources/[sourceId]",
    permission: "screening.lists",
    action: "screening.sources.propose-removal",
    summary:
      "Proposes removing a list's source: 202, a `screening-source` proposal for a second admin. Audited.",
  }),
  "POST /api/screening/sources/[sourceId]/refresh": endpoint<ScreeningSources>({
    method: "POST",
    path: "/api/screening/sources/[sourceId]/refresh",
    permission: "screening.lists",
    action: "screening.sources.refresh",
    summary:
      "Queues the source's fetch to run now (its one pending job moves); the fetch is loaded as an upload and recorded as a version. Audited.",
  }),
  "GET /api/team": endpoint<{ data: TeamMember[] }>({
    method: "GET",
    path: "/api/team",
    permission: "read",
    action: "team.list",
    summary: "The console's users.",
  }),
  "POST /api/team": endpoint<
    { user: TeamMember; initialPassword?: string | undefined } | { proposal: TeamProposal }
  >({
    method: "POST",
    path: "/api/team",
    permission: "team.manage",
    action: "team.user.create",
    summary: "Adds a user; an admin or compliance account is proposed (202) for a second admin.",
  }),
  "PATCH /api/team/[userId]": endpoint<{ user: TeamMember } | { proposal: TeamProposal }>({
    method: "PATCH",
    path: "/api/team/[userId]",
    permission: "team.manage",
    action: "team.user.update",
    summary: "Changes a user; raising a role or enabling a privileged account is proposed (202).",
  }),
  "POST /api/team/[userId]/password": endpoint<{ proposal: TeamProposal }>({
    method: "POST",
    path: "/api/team/[userId]/password",
    permission: "team.manage",
    action: "team.user.password.reset",
    summary: "Proposes a new first password for a member, for a second admin.",
  }),
  "DELETE /api/team/[userId]/sso": endpoint<{ user: TeamMember } | { proposal: TeamProposal }>({
    method: "DELETE",
    path: "/api/team/[userId]/sso",
    permission: "team.manage",
    action: "team.user.sso.unlink",
    summary:
      "Unlinks a member's single sign-on and ends their sessions: their next single sign-on with their verified email links the identity it comes with. An admin's, or your own, is proposed (202) for a second admin; 409 NOT_LINKED when there is no link.",
  }),
  "GET /api/proposals/waiting": endpoint<WaitingProposals>({
    method: "GET",
    path: "/api/proposals/waiting",
    permission: "read",
    action: "proposals.waiting.read",
    summary:
      "What waits for the reader as the second person: proposals of every kind they may decide (configuration, team, tokens, the two-person rule, watchlists, policy versions, screening matches proposed for confirmation), never their own.",
  }),
  "GET /api/team/proposals": endpoint<{ pending: TeamPageProposal[]; recent: TeamPageProposal[] }>({
    method: "GET",
    path: "/api/team/proposals",
    permission: "team.manage",
    action: "team.proposals.read",
    summary: "Team changes and personal-data changes waiting for a second admin, and the latest decided.",
  }),
  "POST /api/team/proposals/[id]/approve": endpoint<TeamPageProposal & { initialPassword?: string }>({
    method: "POST",
    path: "/api/team/proposals/[id]/approve",
    permission: "team.manage",
    action: "team.proposal.approve",
    summary: "Another admin applies a team change; a new password comes back once.",
  }),
  "POST /api/team/proposals/[id]/decline": endpoint<TeamPageProposal & { initialPassword?: string }>({
    method: "POST",
    path: "/api/team/proposals/[id]/decline",
    permission: "team.manage",
    action: "team.proposal.decline",
    summary: "Another admin declines a team change.",
  }),
  "POST /api/team/proposals/[id]/withdraw": endpoint<TeamPageProposal & { initialPassword?: string }>({
    method: "POST",
    path: "/api/team/proposals/[id]/withdraw",
    permission: "team.manage",
    action: "team.proposal.withdraw",
    summary: "The proposer takes a team change back.",
  }),
  "GET /api/tokens": endpoint<ConsoleTokenList>({
    method: "GET",
    path: "/api/tokens",
    permission: "config.write",
    action: "token.list",
    summary: "API tokens with who created and approved each and their expiry.",
  }),
  "POST /api/tokens/proposals": endpoint<ConfigProposal & { message: string }>({
    method: "POST",
    path: "/api/tokens/proposals",
    permission: "config.write",
    action: "token.propose",
    summary: "Proposes a TRANSACT or MANAGE token for a second admin.",
  }),
  "POST /api/tokens/[tokenId]/secret": endpoint<ApiToken>({
    method: "POST",
    path: "/api/tokens/[tokenId]/secret",
    permission: "config.write",
    action: "token.secret.collect",
    summary: "The proposer collects an approved token's secret, once.",
  }),
  "GET /api/transactions/by-amount": endpoint<TransactionList>({
    method: "GET",
    path: "/api/transactions/by-amount",
    permission: "read",
    action: "transactions.read",
    summary: "A page of transactions within an amount range, read from the API's pages.",
  }),
  "GET /api/transactions/export": endpoint<string>({
    method: "GET",
    path: "/api/transactions/export",
    permission: "read",
    action: "transactions.export",
    summary: "The whole filtered transaction set as CSV, streamed page by page.",
    raw: "csv",
  }),
  "GET /api/transactions/[transactionId]/events": endpoint<TransactionEvents>({
    method: "GET",
    path: "/api/transactions/[transactionId]/events",
    permission: "read",
    action: "transactions.events",
    summary: "A transaction's timeline: its webhooks, and who approved or rejected it.",
  }),
  "GET /api/transactions/[transactionId]/evidence": endpoint<PaymentEvidence>({
    method: "GET",
    path: "/api/transactions/[transactionId]/evidence",
    permission: "audit.read",
    action: "evidence.download",
    summary: "One payment's evidence (JSON download, masked, audited): webhooks, decisions, audit rows.",
  }),
  "POST /api/transactions/[transactionId]/evidence": endpoint<PaymentEvidence>({
    method: "POST",
    path: "/api/transactions/[transactionId]/evidence",
    permission: "audit.read",
    action: "evidence.reveal",
    summary: "The same unmasked, with a reason (audited as `evidence.reveal`).",
  }),
  "GET /api/views": endpoint<{ views: SavedView[] }>({
    method: "GET",
    path: "/api/views",
    permission: "read",
    action: "view.list",
    summary: "The signed-in person's saved views of a list (`?list=`).",
  }),
  "POST /api/views": endpoint<{ view: SavedView }>({
    method: "POST",
    path: "/api/views",
    permission: "read",
    action: "view.create",
    summary: "Saves a view of a list (audited).",
  }),
  "PATCH /api/views/[viewId]": endpoint<{ view: SavedView }>({
    method: "PATCH",
    path: "/api/views/[viewId]",
    permission: "read",
    action: "view.update",
    summary: "Renames or updates one of one's own views (audited; others' are 404).",
  }),
  "DELETE /api/views/[viewId]": endpoint<undefined>({
    method: "DELETE",
    path: "/api/views/[viewId]",
    permission: "read",
    action: "view.delete",
    summary: "Deletes one of one's own views (audited; others' are 404).",
  }),
  "POST /api/webhooks": publicEndpoint({
    method: "POST",
    path: "/api/webhooks",
    summary: "The payment API's signed webhooks (verified by signature, not by session).",
  }),
  "POST /api/webhooks/check": endpoint<SignatureDiagnosisResult>({
    method: "POST",
    path: "/api/webhooks/check",
    permission: "read",
    action: "webhooks.signature_check",
    summary: "The signature checker's diagnosis of a body and header.",
  }),
  "GET /api/webhooks/public-key": endpoint<WebhookPublicKey>({
    method: "GET",
    path: "/api/webhooks/public-key",
    permission: "read",
    action: "webhooks.public_key",
    summary: "The webhook key and header in use.",
  }),
} as const satisfies Record<string, ConsoleEndpoint>;

export type ConsoleApiKey = keyof typeof CONSOLE_API;
/** The endpoints a signed-in person calls through the guard (every key but the public ones). */
export type GuardedKey = {
  [K in ConsoleApiKey]: (typeof CONSOLE_API)[K] extends GuardedEndpoint ? K : never;
}[ConsoleApiKey];

/** The answer's type of an endpoint: `ResponseOf<"GET /api/approvals">` is ApprovalQueue. */
export type ResponseOf<K extends ConsoleApiKey> =
  (typeof CONSOLE_API)[K] extends GuardedEndpoint<infer R> ? R : unknown;

/** The path parameters a key names: `"PATCH /api/views/[viewId]"` → `"viewId"`. */
export type ParamNames<S extends string> = S extends `${string}[${infer Name}]${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The key of an entry, as the table names it. */
export function keyOf(entry: ConsoleEndpoint): string {
  return `${entry.method} ${entry.path}`;
}
