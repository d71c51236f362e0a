CREATE TABLE "approval_thresholds" (
	"currency" text PRIMARY KEY NOT NULL,
	"minimum_amount" bigint NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "first_approvals" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"approver_id" uuid NOT NULL,
	"approver_email" text NOT NULL,
	"request_id" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "first_approvals" ADD CONSTRAINT "first_approvals_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;