CREATE TABLE "console_throttles" (
	"name" text PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_rejection_counts" (
	"address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"received" integer NOT NULL,
	CONSTRAINT "webhook_rejection_counts_address_window_start_pk" PRIMARY KEY("address","window_start")
);
--> statement-breakpoint
CREATE INDEX "webhook_rejection_counts_window_idx" ON "webhook_rejection_counts" USING btree ("window_start");