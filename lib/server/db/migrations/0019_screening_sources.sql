-- Issue 48: lists fetched from a file path or a URL on a schedule (lib/server/screening/sources.ts). One active
-- source per list; added, changed and removed only through a second admin's approval (a screening-source proposal).
CREATE TABLE "screening_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" text NOT NULL,
	"location_kind" text NOT NULL,
	"location" text NOT NULL,
	"interval_hours" integer NOT NULL,
	"created_by" text NOT NULL,
	"approved_by" text NOT NULL,
	"proposal_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_outcome" text,
	"last_message" text,
	"last_version_id" bigint,
	"next_refresh_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screening_sources_one_active_per_list" ON "screening_sources" USING btree ("list_id") WHERE "screening_sources"."status" = 'active';
