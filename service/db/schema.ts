import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export interface StoredSupportedCurrency {
  currencyCode: string;
  minAmount: number;
  maxAmount: number;
  requiredCounterpartyFields: { name: string; mandatory: boolean }[];
  providerRequiredCustomerFields: string[];
  /** Absent on rows stored before directions existed: both. */
  enabledTransactionTypes?: ("INCOMING" | "OUTGOING")[];
}

/** The one platform this service serves. */
export const platformConfig = pgTable("platform_config", {
  id: text("id").primaryKey(),
  umaDomain: text("uma_domain").notNull(),
  webhookEndpoint: text("webhook_endpoint"),
  isRegulated: boolean("is_regulated").notNull(),
  supportedCurrencies: jsonb("supported_currencies").$type<StoredSupportedCurrency[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * The service's clock is real time plus this offset, kept in the database so that every instance and every
 * restart agrees on "now" after /_local/clock moved it.
 */
export const localClock = pgTable(
  "local_clock",
  {
    id: integer("id").primaryKey().default(1),
    offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    check("local_clock_single_row", sql`${t.id} = 1`),
    check("local_clock_forward_only", sql`${t.offsetMs} >= 0`),
  ],
);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull();

export const customers = pgTable(
  "customers",
  {
    id: text("id").primaryKey(),
    platformCustomerId: text("platform_customer_id").notNull(),
    customerType: text("customer_type", { enum: ["INDIVIDUAL", "BUSINESS"] }).notNull(),
    umaAddress: text("uma_address").notNull(),
    kycStatus: text("kyc_status").notNull(),
    fullName: text("full_name"),
    birthDate: text("birth_date"),
    nationality: text("nationality"),
    address: jsonb("address").$type<Record<string, string>>(),
    businessInfo: jsonb("business_info").$type<Record<string, string>>(),
    /** A business customer's people (api-notes §8), as given. */
    beneficialOwners: jsonb("beneficial_owners").$type<Record<string, unknown>[]>(),
    bankAccountInfo: jsonb("bank_account_info").$type<Record<string, unknown>>(),
    isDeleted: boolean("is_deleted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live customer per UMA address; a deleted customer's address may be used again.
    uniqueIndex("customers_uma_address_key").on(t.umaAddress).where(sql`not ${t.isDeleted}`),
    index("customers_created_idx").on(t.createdAt, t.id),
    // The lists leave deleted customers out unless asked: over these partial indexes a page and its capped count
    // (service/domain/pagination.ts, countUpTo) read the index alone, with no visit to the table's rows to check
    // `is_deleted` (10,001 such visits per count at a million customers, docs/BENCHMARKS.md, Growth).
    index("customers_live_created_idx").on(t.createdAt, t.id).where(sql`not ${t.isDeleted}`),
    index("customers_updated_idx").on(t.updatedAt, t.id),
    index("customers_platform_customer_idx").on(t.platformCustomerId, t.createdAt, t.id),
    index("customers_live_type_idx").on(t.customerType, t.createdAt, t.id).where(sql`not ${t.isDeleted}`),
    index("customers_uma_lookup_idx").on(t.umaAddress),
  ],
);

export const internalAccounts = pgTable(
  "internal_accounts",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").references(() => customers.id),
    currencyCode: text("currency_code").notNull(),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    reference: text("reference").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("internal_accounts_balance_not_negative", sql`${t.balance} >= 0`),
    uniqueIndex("internal_accounts_reference_key").on(t.reference),
    uniqueIndex("internal_accounts_customer_currency_key")
      .on(t.customerId, t.currencyCode)
      .where(sql`${t.customerId} is not null`),
    uniqueIndex("internal_accounts_platform_currency_key")
      .on(t.currencyCode)
      .where(sql`${t.customerId} is null`),
    index("internal_accounts_customer_idx").on(t.customerId, t.createdAt, t.id),
    index("internal_accounts_currency_idx").on(t.currencyCode, t.createdAt, t.id),
    index("internal_accounts_created_idx").on(t.createdAt, t.id),
  ],
);

export const externalAccounts = pgTable(
  "external_accounts",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id").references(() => customers.id),
    currencyCode: text("currency_code").notNull(),
    status: text("status", { enum: ["PENDING", "ACTIVE", "UNDER_REVIEW", "INACTIVE"] }).notNull(),
    platformAccountId: text("platform_account_id"),
    accountInfo: jsonb("account_info").$type<Record<string, unknown>>().notNull(),
    /** Normalised identity of the bank account, so the same account is not added twice to one owner. */
    fingerprint: text("fingerprint").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("external_accounts_owner_fingerprint_key").on(
      sql`coalesce(${t.customerId}, '')`,
      t.fingerprint,
    ),
    index("external_accounts_customer_idx").on(t.customerId, t.createdAt, t.id),
    index("external_accounts_currency_idx").on(t.currencyCode, t.createdAt, t.id),
    index("external_accounts_created_idx").on(t.createdAt, t.id),
  ],
);

export const lookups = pgTable("lookups", {
  id: text("id").primaryKey(),
  /** The UMA address looked up; null for a lookup of an external account. */
  receiverUmaAddress: text("receiver_uma_address"),
  /** The external account looked up (GET /receiver/external-account/{id}); null for a UMA lookup. */
  receiverAccountId: text("receiver_account_id"),
  receiverCustomerId: text("receiver_customer_id"),
  senderCustomerId: text("sender_customer_id"),
  senderUmaAddress: text("sender_uma_address"),
  result: jsonb("result").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const quotes = pgTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    status: text("status", { enum: ["PENDING", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] }).notNull(),
    customerId: text("customer_id"),
    sourceAccountId: text("source_account_id").notNull(),
    destinationAccountId: text("destination_account_id"),
    destinationUmaAddress: text("destination_uma_address"),
    sendingUmaAddress: text("sending_uma_address"),
    sendingCurrency: text("sending_currency").notNull(),
    receivingCurrency: text("receiving_currency").notNull(),
    totalSendingAmount: bigint("total_sending_amount", { mode: "number" }).notNull(),
    totalReceivingAmount: bigint("total_receiving_amount", { mode: "number" }).notNull(),
    /** Decimal string: rates are never stored as floats. */
    exchangeRate: text("exchange_rate").notNull(),
    feesIncluded: bigint("fees_included", { mode: "number" }).notNull(),
    transactionId: text("transaction_id").notNull(),
    lookupId: text("lookup_id"),
    description: text("description"),
    senderCustomerInfo: jsonb("sender_customer_info").$type<Record<string, string>>(),
    rateDetails: jsonb("rate_details").$type<Record<string, number>>().notNull(),
    paymentInstructions: jsonb("payment_instructions").$type<Record<string, unknown>[]>(),
    originalQuoteId: text("original_quote_id"),
    /**
     * A real-time funded quote (source `{customerId?, currency}`): the sender pays its paymentInstructions; the money
     * passes through the owner's internal account in that currency (sourceAccountId) when it arrives.
     */
    realTimeFunding: boolean("real_time_funding").notNull().default(false),
    /** When a real-time funded quote's money arrived (sandbox send); null until then. */
    fundedAt: timestamp("funded_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "quotes_amounts_not_negative",
      sql`${t.totalSendingAmount} >= 0 and ${t.totalReceivingAmount} >= 0 and ${t.feesIncluded} >= 0`,
    ),
    index("quotes_created_idx").on(t.createdAt, t.id),
    // A retry finds whether its payment was retried already (service/domain/quotes.ts, requireNotRetried).
    index("quotes_original_idx").on(t.originalQuoteId),
    index("quotes_customer_idx").on(t.customerId, t.createdAt, t.id),
    index("quotes_status_idx").on(t.status, t.createdAt, t.id),
    index("quotes_source_idx").on(t.sourceAccountId, t.createdAt, t.id),
    index("quotes_destination_idx").on(t.destinationAccountId, t.createdAt, t.id),
    index("quotes_sending_uma_idx").on(t.sendingUmaAddress, t.createdAt, t.id),
    index("quotes_receiving_uma_idx").on(t.destinationUmaAddress, t.createdAt, t.id),
    uniqueIndex("quotes_transaction_key").on(t.transactionId),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    status: text("status", {
      enum: ["CREATED", "PENDING", "PROCESSING", "COMPLETED", "REJECTED", "FAILED", "REFUNDED", "EXPIRED"],
    }).notNull(),
    type: text("type", { enum: ["INCOMING", "OUTGOING"] }).notNull(),
    customerId: text("customer_id"),
    platformCustomerId: text("platform_customer_id"),
    sourceAccountId: text("source_account_id"),
    sourceCurrency: text("source_currency"),
    destinationAccountId: text("destination_account_id"),
    destinationCurrency: text("destination_currency").notNull(),
    senderUmaAddress: text("sender_uma_address"),
    receiverUmaAddress: text("receiver_uma_address"),
    sentAmount: bigint("sent_amount", { mode: "number" }),
    receivedAmount: bigint("received_amount", { mode: "number" }),
    fees: bigint("fees", { mode: "number" }),
    exchangeRate: text("exchange_rate"),
    rateDetails: jsonb("rate_details").$type<Record<string, number>>(),
    quoteId: text("quote_id"),
    originalTransactionId: text("original_transaction_id"),
    description: text("description"),
    counterpartyInformation: jsonb("counterparty_information").$type<Record<string, string>>(),
    requestedReceiverCustomerInfoFields:
      jsonb("requested_receiver_fields").$type<{ name: string; mandatory: boolean }[]>(),
    receiverCustomerInfo: jsonb("receiver_customer_info").$type<Record<string, string>>(),
    paymentInstructions: jsonb("payment_instructions").$type<Record<string, unknown>[]>(),
    reference: text("reference"),
    failureReason: text("failure_reason"),
    rejectionReason: text("rejection_reason"),
    refund: jsonb("refund").$type<Record<string, string>>(),
    approvalDeadline: timestamp("approval_deadline", { withTimezone: true }),
    /** When a still-moving transaction should take its next step (sandbox simulations, time-outs). */
    nextStepAt: timestamp("next_step_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "transactions_amounts_not_negative",
      sql`coalesce(${t.sentAmount}, 0) >= 0 and coalesce(${t.receivedAmount}, 0) >= 0 and coalesce(${t.fees}, 0) >= 0`,
    ),
    index("transactions_created_idx").on(t.createdAt, t.id),
    index("transactions_customer_idx").on(t.customerId, t.createdAt, t.id),
    index("transactions_platform_customer_idx").on(t.platformCustomerId, t.createdAt, t.id),
    index("transactions_status_idx").on(t.status, t.createdAt, t.id),
    index("transactions_type_idx").on(t.type, t.createdAt, t.id),
    index("transactions_reference_idx").on(t.reference),
    index("transactions_source_idx").on(t.sourceAccountId, t.createdAt, t.id),
    index("transactions_destination_idx").on(t.destinationAccountId, t.createdAt, t.id),
    index("transactions_next_step_idx").on(t.nextStepAt).where(sql`${t.nextStepAt} is not null`),
  ],
);

/**
 * Double-entry ledger: every movement of money is a group of entries in one currency whose amounts sum to zero.
 * Accounts outside the service (external bank accounts, the sandbox's funding source, currency conversion) have
 * ledger-only account names such as `external:<id>`, `sandbox:funding` and `fx:<currency>`.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    movementId: text("movement_id").notNull(),
    transactionId: text("transaction_id"),
    account: text("account").notNull(),
    currencyCode: text("currency_code").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_movement_idx").on(t.movementId),
    index("ledger_entries_account_idx").on(t.account, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    code: text("code").primaryKey(),
    inviterUma: text("inviter_uma").notNull(),
    inviteeUma: text("invitee_uma"),
    firstName: text("first_name"),
    amountToSend: jsonb("amount_to_send").$type<{ amount: number; currencyCode: string }>(),
    status: text("status", { enum: ["PENDING", "CLAIMED", "EXPIRED", "CANCELLED"] }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_created_idx").on(t.createdAt)],
);

export const kycLinks = pgTable("kyc_links", {
  token: text("token").primaryKey(),
  platformCustomerId: text("platform_customer_id").notNull(),
  redirectUri: text("redirect_uri"),
  customerId: text("customer_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  outcome: text("outcome"),
  createdAt: createdAt(),
});

export const bulkJobs = pgTable("bulk_jobs", {
  id: text("id").primaryKey(),
  status: text("status", { enum: ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] }).notNull(),
  filePath: text("file_path").notNull(),
  total: integer("total").notNull().default(0),
  processed: integer("processed").notNull().default(0),
  successful: integer("successful").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  createdAt: createdAt(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

export const bulkJobErrors = pgTable(
  "bulk_job_errors",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: text("job_id")
      .notNull()
      .references(() => bulkJobs.id),
    rowNumber: integer("row_number").notNull(),
    correlationId: text("correlation_id").notNull(),
    error: jsonb("error")
      .$type<{ code: string; message: string; details?: Record<string, unknown> }>()
      .notNull(),
  },
  (t) => [uniqueIndex("bulk_job_errors_row_key").on(t.jobId, t.rowNumber)],
);

/** One event to deliver to the platform's webhook endpoint; its id is the idempotency key on every retry. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The event's fields beside the envelope (webhookId, type and timestamp are added per attempt). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["PENDING", "DELIVERED", "FAILED"] }).notNull(),
    retryable: boolean("retryable").notNull(),
    /** For a pending incoming payment: the transaction whose approval this delivery asks for. */
    transactionId: text("transaction_id"),
    attemptCount: integer("attempt_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_events_created_idx").on(t.createdAt, t.id),
    index("webhook_events_transaction_idx").on(t.transactionId),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhookEvents.id),
    url: text("url").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    error: text("error"),
  },
  (t) => [
    index("webhook_attempts_webhook_idx").on(t.webhookId, t.id),
    index("webhook_attempts_attempted_idx").on(t.attemptedAt, t.id),
  ],
);

/**
 * API tokens the platform creates (api-notes §8): a client id and a secret used as HTTP Basic, with permissions.
 * Only a SHA-256 of the secret is kept (the secret is 32 random bytes, so a plain digest is enough); a revoked
 * token keeps its row, marked, so its id still answers 404 and is never reused.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    permissions: jsonb("permissions").$type<("VIEW" | "TRANSACT" | "MANAGE")[]>().notNull(),
    clientId: text("client_id").notNull(),
    secretDigest: text("secret_digest").notNull(),
    environment: text("environment", { enum: ["sandbox", "production"] }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("api_tokens_client_id_key").on(t.clientId),
    index("api_tokens_created_idx").on(t.createdAt, t.id),
  ],
);
