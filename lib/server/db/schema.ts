import "server-only";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AUDIT_OUTCOMES, type AuditOutcome } from "../../universal/console-api/audit-filters";

export const roleEnum = pgEnum("role", ["viewer", "compliance", "developer", "admin"]);

/** People who sign in to the console. The session carries only the id; role and status are read per request. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: roleEnum("role").notNull().default("viewer"),
    passwordHash: text("password_hash"),
    oidcSubject: text("oidc_subject"),
    /** When `oidc_subject` was linked (the member's first single sign-on since they were last unlinked). */
    oidcLinkedAt: timestamp("oidc_linked_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Bumped on sign-out, role change or disable: every older session stops working at once. */
    sessionVersion: integer("session_version").notNull().default(1),
    /** Set at every successful sign-in (password or single sign-on); null until the first. */
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
    /**
     * When the user got their current role (set on create, on every role change and on re-enabling): an account
     * cannot be the second person on a proposal or payment that is older than this (issue 46 item 2).
     */
    roleSince: timestamp("role_since", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_oidc_subject_key").on(t.oidcSubject),
  ],
);

// What an audit row records: an attempt (written before acting) or the outcome that followed it.
export { AUDIT_OUTCOMES, type AuditOutcome };

/**
 * Append-only (a trigger refuses UPDATE and DELETE) and hash-chained: a BEFORE INSERT trigger (migration 0004) takes
 * the chain's lock, gives the row the next id and the time, and sets `hash` = SHA-256 over `prev_hash` and the row's
 * fields, so ids, times and the chain all follow one order whoever inserts. lib/server/audit/chain.ts recomputes it.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    actorRole: roleEnum("actor_role"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    outcome: text("outcome", { enum: AUDIT_OUTCOMES }).notNull(),
    upstreamStatus: integer("upstream_status"),
    /** The console's own id for the request (never the client's). */
    requestId: text("request_id").notNull(),
    /** An X-Request-Id the client sent, kept beside the console's own and marked as the client's. */
    clientRequestId: text("client_request_id"),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    /** Set by the database's trigger: the previous row's hash (64 zeros for the first row) and this row's. */
    prevHash: text("prev_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
    /** HMAC-SHA256 of the row's content under the audit key, which PostgreSQL never holds (lib/server/audit/anchor.ts). */
    mac: text("mac"),
  },
  (t) => [
    index("audit_events_occurred_idx").on(t.occurredAt, t.id),
    index("audit_events_request_idx").on(t.requestId),
    index("audit_events_actor_idx").on(t.actorId, t.occurredAt),
    index("audit_events_action_idx").on(t.action, t.occurredAt),
    index("audit_events_target_idx").on(t.targetId, t.occurredAt),
  ],
);

/** The inbox: every verified webhook, exactly once per webhookId, with its raw body and how it was answered. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    webhookId: text("webhook_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    rawBody: text("raw_body").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").$type<Record<string, unknown>>(),
    transactionId: text("transaction_id"),
    /** The transaction's status as this event reported it (INCOMING_PAYMENT and OUTGOING_PAYMENT). */
    transactionStatus: text("transaction_status"),
    /**
     * The environment that sent it (the one whose webhook key verified it): each environment has its own inbox.
     * Rows from before the console held two environments are the sandbox's (the default).
     */
    environment: text("environment", { enum: ["sandbox", "production"] })
      .notNull()
      .default("sandbox"),
  },
  (t) => [
    uniqueIndex("webhook_events_webhook_id_key").on(t.webhookId),
    index("webhook_events_received_idx").on(t.receivedAt, t.id),
    index("webhook_events_environment_idx").on(t.environment, t.id),
    index("webhook_events_type_idx").on(t.type, t.receivedAt),
    index("webhook_events_transaction_idx").on(t.transactionId, t.receivedAt),
  ],
);

/**
 * Deliveries that failed signature verification: nothing of them enters the inbox, but people need to see that
 * they happen (a wrong key, a proxy that rewrites bodies, an attack).
 */
export const webhookRejections = pgTable(
  "webhook_rejections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason").notNull(),
    bodyExcerpt: text("body_excerpt").notNull(),
    bodyBytes: integer("body_bytes").notNull(),
  },
  (t) => [index("webhook_rejections_received_idx").on(t.receivedAt, t.id)],
);

/**
 * Double-submission guard of the proxy: the first request carrying an Idempotency-Key (per person) is forwarded,
 * a repeat gets the first answer. Rows older than a day are swept.
 */
export const actionKeys = pgTable(
  "action_keys",
  {
    userId: uuid("user_id").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path, query and body: a key reused for a different request is refused. */
    fingerprint: text("fingerprint").notNull(),
    requestId: text("request_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null while the first request runs; then the audit outcome it had. */
    outcome: text("outcome", { enum: AUDIT_OUTCOMES }),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("action_keys_created_idx").on(t.createdAt)],
);

/**
 * Failed deliveries per address and minute, stored or not: beyond a few a minute from one address they are only
 * counted (lib/server/webhooks/rejections.ts), so a flood cannot fill the table, and people still see how many there were.
 */
export const webhookRejectionCounts = pgTable(
  "webhook_rejection_counts",
  {
    address: text("address").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    received: integer("received").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.windowStart] }),
    index("webhook_rejection_counts_window_idx").on(t.windowStart),
  ],
);

/** When something shared by every console instance last happened, for "at most once a second" across them all. */
export const consoleThrottles = pgTable("console_throttles", {
  name: text("name").primaryKey(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
});

/** Sign-in attempts, counted per account and per address so the limit holds across console instances. */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    /** The known device (lib/server/auth/device-cookie.ts) an attempt came from; null for an unknown browser. */
    device: text("device"),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [
    index("sign_in_attempts_email_idx").on(t.email, t.attemptedAt),
    index("sign_in_attempts_address_idx").on(t.address, t.attemptedAt),
    index("sign_in_attempts_device_idx").on(t.device, t.attemptedAt),
  ],
);

/**
 * The two-person rule: a pending incoming payment of at least `minimumAmount` (minor units of `currency`) needs two
 * distinct approvers (lib/server/approvals/two-approvers.ts). Set by compliance; a currency without a row needs one.
 */
export const approvalThresholds = pgTable("approval_thresholds", {
  currency: text("currency").primaryKey(),
  minimumAmount: bigint("minimum_amount", { mode: "number" }).notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * First approvals of payments that need two approvers: recorded by the console, not sent to the API. The second
 * approval by someone else is sent; `completedAt` marks that it was accepted.
 */
export const firstApprovals = pgTable("first_approvals", {
  transactionId: text("transaction_id").primaryKey(),
  approverId: uuid("approver_id")
    .notNull()
    .references(() => users.id),
  approverEmail: text("approver_email").notNull(),
  requestId: text("request_id").notNull(),
  approvedAt: timestamp("approved_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

/**
 * The two-person rule as it stood when the console first saw a pending payment (its INCOMING_PAYMENT webhook): every
 * currency's threshold then. Approving it is judged by the stricter of this and today's rule
 * (lib/universal/approvals/thresholds-rule.ts), so loosening the rule later never lets it go with one approver.
 */
export const paymentArrivalThresholds = pgTable("payment_arrival_thresholds", {
  transactionId: text("transaction_id").primaryKey(),
  thresholds: jsonb("thresholds").$type<{ currency: string; minimumAmount: number }[]>().notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Approval policies (lib/universal/policies/rules.ts), one row per version. A version is written as a `draft`, `proposed` by
 * one person and `active` only once a second person approves it (or `declined`); activating one makes the previous
 * active one `superseded`. At most one version is active (a partial unique index).
 */
export const POLICY_VERSION_STATUSES = ["draft", "proposed", "active", "superseded", "declined"] as const;
export type PolicyVersionStatus = (typeof POLICY_VERSION_STATUSES)[number];

export const policyVersions = pgTable(
  "policy_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 1, 2, 3… in order of creation; what people call it ("v3"). */
    version: integer("version").notNull(),
    status: text("status", { enum: POLICY_VERSION_STATUSES }).notNull().default("draft"),
    /** The PolicyDocument: rules in order and the allow-listed sender domains. */
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    proposedBy: uuid("proposed_by").references(() => users.id),
    proposedAt: timestamp("proposed_at", { withTimezone: true }),
    /** The second person who activated or declined it. */
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Why the second person declined it (required to decline; null for every other status). */
    declineReason: text("decline_reason"),
  },
  (t) => [
    uniqueIndex("policy_versions_version_key").on(t.version),
    uniqueIndex("policy_versions_one_active").on(t.status).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * Every evaluation of a pending incoming payment against the policies, stored when its webhook is answered: the
 * decision, the version and rule that made it (none when it fell back to holding), the facts the rules saw, and how
 * long it took. Shown on the payment's timeline and in its evidence file.
 */
export const policyEvaluations = pgTable(
  "policy_evaluations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: text("transaction_id").notNull(),
    webhookId: text("webhook_id").notNull(),
    decision: text("decision", { enum: ["approve", "reject", "hold"] }).notNull(),
    policyVersionId: uuid("policy_version_id").references(() => policyVersions.id),
    policyVersion: integer("policy_version"),
    ruleId: text("rule_id"),
    ruleName: text("rule_name"),
    /** Set when no rule decided: no-rule-matched, no-active-policy, emergency-hold, evaluation-failed, time-budget-exceeded. */
    fallback: text("fallback"),
    /** The hold outcome's queue and priority, or the reject outcome's code and message. */
    outcome: jsonb("outcome").$type<Record<string, unknown>>().notNull().default({}),
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull().default({}),
    durationMicros: integer("duration_micros").notNull().default(0),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("policy_evaluations_transaction_idx").on(t.transactionId, t.evaluatedAt),
    index("policy_evaluations_evaluated_idx").on(t.evaluatedAt),
  ],
);

/**
 * One decision per payment, ever (migration 0017): a pending payment's webhook claims its payment here before the
 * policies evaluate it, so a repeated delivery or a second webhook id naming the same payment never decides again.
 */
export const paymentDecisions = pgTable("payment_decisions", {
  transactionId: text("transaction_id").primaryKey(),
  webhookId: text("webhook_id").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Console-wide switches that are not part of the payment API's configuration, one row per key: the emergency hold
 * (`emergency-hold`: `{on, reason, by, at}`) and which changes need a second admin (`four-eyes`).
 */
export const consoleSettings = pgTable("console_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's saved views of a list (lib/views): a name, the list's filters as a query string and the visible
 * columns (null: the list's defaults). Per person; names are unique per person and list without regard to case.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    name: text("name").notNull(),
    query: text("query").notNull().default(""),
    columns: jsonb("columns").$type<string[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_user_list_name_key").on(t.userId, t.list, sql`lower(${t.name})`)],
);

export const CONFIG_PROPOSAL_KINDS = [
  "config",
  "four-eyes",
  "team",
  "token",
  "thresholds",
  "screening-list",
  "screening-source",
  "privacy",
] as const;
export const CONFIG_PROPOSAL_STATUSES = [
  "proposed",
  "applied",
  "declined",
  "withdrawn",
  "superseded",
] as const;

/**
 * Changes that need a second admin (lib/server/config/proposals.ts): a configuration change (`config`: the PATCH /config
 * body as sent) or a change of the four-eyes setting itself (`four-eyes`: the new setting). `before` is what the
 * changed thing was when proposed (the API's configuration, or the setting), so an approval can tell that it moved
 * since (superseded); `diff` is what the proposal changes, as shown. At most one of each kind waits at a time.
 */
export const configProposals = pgTable(
  "config_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CONFIG_PROPOSAL_KINDS }).notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    before: jsonb("before").$type<Record<string, unknown>>().notNull(),
    diff: jsonb("diff").$type<unknown[]>().notNull(),
    proposerId: uuid("proposer_id")
      .notNull()
      .references(() => users.id),
    proposerEmail: text("proposer_email").notNull(),
    /** The proposer's name as it was when they proposed (as their email is); null on rows older than migration 0021. */
    proposerName: text("proposer_name"),
    proposalRequestId: text("proposal_request_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: CONFIG_PROPOSAL_STATUSES }).notNull().default("proposed"),
    deciderId: uuid("decider_id").references(() => users.id),
    deciderEmail: text("decider_email"),
    decisionRequestId: text("decision_request_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /**
     * The environment whose configuration a `config` proposal changes (applied there whoever approves, wherever they
     * are); null for the four-eyes setting, which is the console's own.
     */
    environment: text("environment", { enum: ["sandbox", "production"] }),
    /**
     * What a proposal is about when several of one kind may wait at once (a `team` proposal: the person's email,
     * lower case); null for the others. One proposal waits per kind, environment and subject (migration 0013).
     */
    subject: text("subject"),
  },
  (t) => [
    uniqueIndex("config_proposals_one_pending_per_subject_key")
      .on(t.kind, sql`coalesce(${t.environment}, '')`, sql`coalesce(${t.subject}, '')`)
      .where(sql`${t.status} = 'proposed'`),
    index("config_proposals_created_idx").on(t.createdAt),
  ],
);

/**
 * The console's record of each API token it created (issue 46 item 3): who proposed it and who approved it (a token
 * with TRANSACT or MANAGE is a second-admin proposal, `proposalId`), its permissions, and when it expires (the
 * console revokes it at the API then: lib/server/tokens/expiry.ts). A token the API lists without a record here was created
 * at the API, not through this console. `secretSealed` holds an approved token's secret, AES-256-GCM under a key
 * derived from AUTH_SECRET, until its proposer collects it once or `secretCollectBy` passes (then the token is
 * revoked).
 */
export const tokenRecords = pgTable(
  "token_records",
  {
    tokenId: text("token_id").primaryKey(),
    environment: text("environment", { enum: ["sandbox", "production"] }).notNull(),
    name: text("name").notNull(),
    clientId: text("client_id").notNull(),
    permissions: jsonb("permissions").$type<string[]>().notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    approvedById: uuid("approved_by_id").references(() => users.id, { onDelete: "set null" }),
    approvedByEmail: text("approved_by_email"),
    proposalId: uuid("proposal_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    secretSealed: text("secret_sealed"),
    secretCollectBy: timestamp("secret_collect_by", { withTimezone: true }),
  },
  (t) => [
    index("token_records_expires_idx").on(t.environment, t.expiresAt).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Screening (issue 48): each load of a watchlist is a version (its source, the date it states, the hash of its
 * bytes, counts and parse errors). A load that failed or is partial is recorded as such and never replaces the
 * version in use; `checked_at` moves when a refresh finds the same bytes again, so freshness counts from it.
 */
export const screeningListVersions = pgTable(
  "screening_list_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    listId: text("list_id").notNull(),
    source: text("source").notNull(),
    issuedOn: text("issued_on"),
    contentHash: text("content_hash").notNull(),
    counts: jsonb("counts").$type<Record<string, unknown>>().notNull().default({}),
    parseErrors: jsonb("parse_errors").$type<{ at: string; message: string }[]>().notNull().default([]),
    status: text("status", { enum: ["in-use", "superseded", "failed"] }).notNull(),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("screening_list_versions_hash_idx").on(t.listId, t.contentHash)],
);

/**
 * Where the console fetches a list from on a schedule (issue 48): a file path on its host or an http(s) URL, read
 * every `interval_hours` through graphile-worker (lib/server/screening/sources.ts). Added, changed and removed only
 * through a `screening-source` proposal a second admin approves; one active source per list. The last fetch's
 * outcome and the version it recorded are kept here; `next_refresh_at` is when the queued job runs.
 */
export const screeningSources = pgTable(
  "screening_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: text("list_id").notNull(),
    locationKind: text("location_kind", { enum: ["path", "url"] }).notNull(),
    location: text("location").notNull(),
    intervalHours: integer("interval_hours").notNull(),
    createdBy: text("created_by").notNull(),
    approvedBy: text("approved_by").notNull(),
    proposalId: uuid("proposal_id").notNull(),
    status: text("status", { enum: ["active", "removed"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    lastOutcome: text("last_outcome", { enum: ["loaded", "unchanged", "failed"] }),
    lastMessage: text("last_message"),
    lastVersionId: bigint("last_version_id", { mode: "number" }),
    nextRefreshAt: timestamp("next_refresh_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("screening_sources_one_active_per_list").on(t.listId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * What a screening found about one subject (a payment's counterparty or a customer), against the list versions
 * named in it: the query, the outcome, the hits with their explanations, and where compliance has taken it.
 * `subject_key` is a hash of the screened data, so a dismissal is remembered for the same person's same data.
 */
export const screeningResults = pgTable(
  "screening_results",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    environment: text("environment").notNull(),
    subjectType: text("subject_type", { enum: ["payment", "customer", "recipient"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    subjectKey: text("subject_key").notNull(),
    subjectName: text("subject_name").notNull(),
    outcome: text("outcome", { enum: ["clear", "potential-match", "failed"] }).notNull(),
    status: text("status", { enum: ["clear", "open", "dismissed", "confirmed", "failed"] }).notNull(),
    bestScore: integer("best_score_permille").notNull().default(0),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    screenedAt: timestamp("screened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("screening_results_subject_idx").on(t.subjectType, t.subjectId, t.screenedAt),
    index("screening_results_open_idx").on(t.environment, t.status, t.screenedAt),
    // Re-screening walks every subject's latest screening in this order, a batch at a time (rescreen.ts): without
    // it each batch sorted the whole table.
    index("screening_results_walk_idx").on(
      t.environment,
      t.subjectType,
      t.subjectId,
      t.screenedAt.desc().nullsFirst(),
    ),
    // A remembered dismissal is seconded by an approval of a payment from the same data (seconded-dismissals.ts).
    index("screening_results_key_idx").on(t.environment, t.subjectKey),
  ],
);

/**
 * A potential match compliance dismissed as a false positive, with the reason: remembered for the same subject data
 * (`subject_key`) against the same list entry as it then read (`entry_hash`), so a change to either re-opens it.
 */
export const screeningDismissals = pgTable(
  "screening_dismissals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    environment: text("environment").notNull(),
    subjectKey: text("subject_key").notNull(),
    listId: text("list_id").notNull(),
    entryId: text("entry_id").notNull(),
    entryHash: text("entry_hash").notNull(),
    reason: text("reason").notNull(),
    dismissedBy: uuid("dismissed_by").notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
    resultId: uuid("result_id").notNull(),
  },
  (t) => [
    uniqueIndex("screening_dismissals_key_idx").on(
      t.environment,
      t.subjectKey,
      t.listId,
      t.entryId,
      t.entryHash,
    ),
  ],
);

/**
 * The words of every customer's name as the customer sweep last read them (customer-sweep.ts), folded as a search
 * folds them (`nameWords`, lib/universal/names/customer-matches.ts), with the customer's createdAt on the API: how a search by name reaches
 * customers older than the newest it reads from the API (lib/server/names/older-customers.ts; decision 0095). A
 * word is found by its beginning (`like 'abc%'`, hence `text_pattern_ops`).
 */
export const customerNameWords = pgTable(
  "customer_name_words",
  {
    environment: text("environment").notNull(),
    customerId: text("customer_id").notNull(),
    word: text("word").notNull(),
    customerCreatedAt: timestamp("customer_created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.environment, t.customerId, t.word] }),
    index("customer_name_words_word_idx").on(t.environment, t.word.op("text_pattern_ops")),
  ],
);
