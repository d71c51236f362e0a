DROP INDEX "config_proposals_one_pending_key";--> statement-breakpoint
ALTER TABLE "config_proposals" ADD COLUMN "environment" text;--> statement-breakpoint
UPDATE "config_proposals" SET "environment" = 'sandbox' WHERE "kind" = 'config';--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "environment" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "config_proposals_one_pending_per_environment_key" ON "config_proposals" USING btree ("kind",coalesce("environment", '')) WHERE "config_proposals"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "webhook_events_environment_idx" ON "webhook_events" USING btree ("environment","id");