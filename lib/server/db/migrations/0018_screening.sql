CREATE TABLE "screening_dismissals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"subject_key" text NOT NULL,
	"list_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"entry_hash" text NOT NULL,
	"reason" text NOT NULL,
	"dismissed_by" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_list_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" text NOT NULL,
	"source" text NOT NULL,
	"issued_on" text,
	"content_hash" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parse_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_key" text NOT NULL,
	"subject_name" text NOT NULL,
	"outcome" text NOT NULL,
	"status" text NOT NULL,
	"best_score_permille" integer DEFAULT 0 NOT NULL,
	"result" jsonb NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screening_dismissals_key_idx" ON "screening_dismissals" USING btree ("environment","subject_key","list_id","entry_id","entry_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_list_versions_hash_idx" ON "screening_list_versions" USING btree ("list_id","content_hash");--> statement-breakpoint
CREATE INDEX "screening_results_subject_idx" ON "screening_results" USING btree ("subject_type","subject_id","screened_at");--> statement-breakpoint
CREATE INDEX "screening_results_open_idx" ON "screening_results" USING btree ("environment","status","screened_at");
