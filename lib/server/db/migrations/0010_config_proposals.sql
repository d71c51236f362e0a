CREATE TABLE "config_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"proposer_id" uuid NOT NULL,
	"proposer_email" text NOT NULL,
	"proposal_request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decider_id" uuid,
	"decider_email" text,
	"decision_request_id" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "config_proposals" ADD CONSTRAINT "config_proposals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_proposals" ADD CONSTRAINT "config_proposals_decider_id_users_id_fk" FOREIGN KEY ("decider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_proposals_one_pending_key" ON "config_proposals" USING btree ("kind") WHERE "config_proposals"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "config_proposals_created_idx" ON "config_proposals" USING btree ("created_at");