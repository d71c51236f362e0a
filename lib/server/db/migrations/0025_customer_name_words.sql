CREATE TABLE "customer_name_words" (
	"environment" text NOT NULL,
	"customer_id" text NOT NULL,
	"word" text NOT NULL,
	"customer_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_name_words_environment_customer_id_word_pk" PRIMARY KEY("environment","customer_id","word")
);
--> statement-breakpoint
CREATE INDEX "customer_name_words_word_idx" ON "customer_name_words" USING btree ("environment","word" text_pattern_ops);--> statement-breakpoint
-- The sweep reads every customer once more, so that the customers it read before this table existed are in it too.
UPDATE "console_settings" SET "value" = "value" || '{"sweptUntil": null}'::jsonb WHERE "key" LIKE 'customer-sweep:%';
