-- Issue 46 item 3. The console's own record of each API token it created: who proposed it, who approved it (a
-- token with TRANSACT or MANAGE needs a second admin), when it expires (the console revokes it then), and, until
-- the proposer collects it, its secret encrypted under a key derived from AUTH_SECRET (lib/tokens/secret-box.ts).
CREATE TABLE "token_records" (
	"token_id" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_by_email" text NOT NULL,
	"approved_by_id" uuid,
	"approved_by_email" text,
	"proposal_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"secret_sealed" text,
	"secret_collect_by" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "token_records" ADD CONSTRAINT "token_records_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_records" ADD CONSTRAINT "token_records_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_records_expires_idx" ON "token_records" USING btree ("environment","expires_at") WHERE "token_records"."revoked_at" IS NULL;
