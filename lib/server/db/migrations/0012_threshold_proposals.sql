CREATE TABLE "payment_arrival_thresholds" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"thresholds" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
