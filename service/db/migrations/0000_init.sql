CREATE TABLE "bulk_job_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"correlation_id" text NOT NULL,
	"error" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"file_path" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_customer_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"uma_address" text NOT NULL,
	"kyc_status" text NOT NULL,
	"full_name" text,
	"birth_date" text,
	"nationality" text,
	"address" jsonb,
	"business_info" jsonb,
	"bank_account_info" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"platform_account_id" text,
	"account_info" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internal_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"currency_code" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "internal_accounts_balance_not_negative" CHECK ("internal_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"inviter_uma" text NOT NULL,
	"invitee_uma" text,
	"first_name" text,
	"amount_to_send" jsonb,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_links" (
	"token" text PRIMARY KEY NOT NULL,
	"platform_customer_id" text NOT NULL,
	"redirect_uri" text,
	"customer_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"movement_id" text NOT NULL,
	"transaction_id" text,
	"account" text NOT NULL,
	"currency_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "local_clock_single_row" CHECK ("local_clock"."id" = 1),
	CONSTRAINT "local_clock_forward_only" CHECK ("local_clock"."offset_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lookups" (
	"id" text PRIMARY KEY NOT NULL,
	"receiver_uma_address" text NOT NULL,
	"receiver_customer_id" text,
	"sender_customer_id" text,
	"sender_uma_address" text,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_config" (
	"id" text PRIMARY KEY NOT NULL,
	"uma_domain" text NOT NULL,
	"webhook_endpoint" text,
	"is_regulated" boolean NOT NULL,
	"supported_currencies" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"customer_id" text,
	"source_account_id" text NOT NULL,
	"destination_account_id" text,
	"destination_uma_address" text,
	"sending_uma_address" text,
	"sending_currency" text NOT NULL,
	"receiving_currency" text NOT NULL,
	"total_sending_amount" bigint NOT NULL,
	"total_receiving_amount" bigint NOT NULL,
	"exchange_rate" text NOT NULL,
	"fees_included" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"lookup_id" text,
	"description" text,
	"sender_customer_info" jsonb,
	"rate_details" jsonb NOT NULL,
	"payment_instructions" jsonb,
	"original_quote_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quotes_amounts_not_negative" CHECK ("quotes"."total_sending_amount" >= 0 and "quotes"."total_receiving_amount" >= 0 and "quotes"."fees_included" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"customer_id" text,
	"platform_customer_id" text,
	"source_account_id" text,
	"source_currency" text,
	"destination_account_id" text,
	"destination_currency" text NOT NULL,
	"sender_uma_address" text,
	"receiver_uma_address" text,
	"sent_amount" bigint,
	"received_amount" bigint,
	"fees" bigint,
	"exchange_rate" text,
	"rate_details" jsonb,
	"quote_id" text,
	"original_transaction_id" text,
	"description" text,
	"counterparty_information" jsonb,
	"requested_receiver_fields" jsonb,
	"receiver_customer_info" jsonb,
	"payment_instructions" jsonb,
	"reference" text,
	"failure_reason" text,
	"rejection_reason" text,
	"refund" jsonb,
	"approval_deadline" timestamp with time zone,
	"next_step_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transactions_amounts_not_negative" CHECK (coalesce("transactions"."sent_amount", 0) >= 0 and coalesce("transactions"."received_amount", 0) >= 0 and coalesce("transactions"."fees", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"url" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"response_body" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"retryable" boolean NOT NULL,
	"transaction_id" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_job_errors" ADD CONSTRAINT "bulk_job_errors_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_accounts" ADD CONSTRAINT "internal_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_webhook_id_webhook_events_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_job_errors_row_key" ON "bulk_job_errors" USING btree ("job_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_uma_address_key" ON "customers" USING btree ("uma_address") WHERE not "customers"."is_deleted";--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_updated_idx" ON "customers" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "customers_platform_customer_idx" ON "customers" USING btree ("platform_customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_type_idx" ON "customers" USING btree ("customer_type","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_uma_lookup_idx" ON "customers" USING btree ("uma_address");--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_owner_fingerprint_key" ON "external_accounts" USING btree (coalesce("customer_id", ''),"fingerprint");--> statement-breakpoint
CREATE INDEX "external_accounts_customer_idx" ON "external_accounts" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "external_accounts_currency_idx" ON "external_accounts" USING btree ("currency_code","created_at","id");--> statement-breakpoint
CREATE INDEX "external_accounts_created_idx" ON "external_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "internal_accounts_reference_key" ON "internal_accounts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "internal_accounts_customer_currency_key" ON "internal_accounts" USING btree ("customer_id","currency_code") WHERE "internal_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "internal_accounts_platform_currency_key" ON "internal_accounts" USING btree ("currency_code") WHERE "internal_accounts"."customer_id" is null;--> statement-breakpoint
CREATE INDEX "internal_accounts_customer_idx" ON "internal_accounts" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "internal_accounts_currency_idx" ON "internal_accounts" USING btree ("currency_code","created_at","id");--> statement-breakpoint
CREATE INDEX "internal_accounts_created_idx" ON "internal_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_source_idx" ON "quotes" USING btree ("source_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_destination_idx" ON "quotes" USING btree ("destination_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_sending_uma_idx" ON "quotes" USING btree ("sending_uma_address","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_receiving_uma_idx" ON "quotes" USING btree ("destination_uma_address","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_transaction_key" ON "quotes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_platform_customer_idx" ON "transactions" USING btree ("platform_customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_type_idx" ON "transactions" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_reference_idx" ON "transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "transactions_source_idx" ON "transactions" USING btree ("source_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_destination_idx" ON "transactions" USING btree ("destination_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_next_step_idx" ON "transactions" USING btree ("next_step_at") WHERE "transactions"."next_step_at" is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "webhook_attempts" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_attempted_idx" ON "webhook_attempts" USING btree ("attempted_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_transaction_idx" ON "webhook_events" USING btree ("transaction_id");