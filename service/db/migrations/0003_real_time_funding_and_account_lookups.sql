ALTER TABLE "lookups" ALTER COLUMN "receiver_uma_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lookups" ADD COLUMN "receiver_account_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "real_time_funding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "funded_at" timestamp with time zone;