-- One decision per payment, ever (issue 46 item 10): a pending payment's webhook claims its payment here before the
-- policies evaluate it; a second delivery of the same webhook id, or a second webhook id naming the same payment,
-- finds the claim taken and is answered "already processed" without a second evaluation or audit row.
CREATE TABLE "payment_decisions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Payments decided before this table existed keep their first decision: a later delivery is not a second one.
INSERT INTO "payment_decisions" ("transaction_id", "webhook_id", "claimed_at")
SELECT DISTINCT ON ("transaction_id") "transaction_id", "webhook_id", "evaluated_at"
FROM "policy_evaluations"
WHERE "transaction_id" <> ''
ORDER BY "transaction_id", "id"
ON CONFLICT DO NOTHING;
