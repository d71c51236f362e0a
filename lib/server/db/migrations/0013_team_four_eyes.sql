-- Issue 46 item 2. When each user got their current role: an account cannot be the second person on a proposal or
-- payment older than its role. Existing rows take updated_at, the latest moment their role may have changed.
ALTER TABLE "users" ADD COLUMN "role_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role_since" = "updated_at";--> statement-breakpoint
-- Team changes wait for a second admin, several at once (one per person): the one-pending rule counts the subject.
ALTER TABLE "config_proposals" ADD COLUMN "subject" text;--> statement-breakpoint
DROP INDEX IF EXISTS "config_proposals_one_pending_per_environment_key";--> statement-breakpoint
CREATE UNIQUE INDEX "config_proposals_one_pending_per_subject_key" ON "config_proposals" USING btree ("kind",coalesce("environment", ''),coalesce("subject", '')) WHERE "config_proposals"."status" = 'proposed';
