-- A proposal's card names who proposed it as the console's timelines and queue name people (their name, the email
-- on hover). Kept as it was when they proposed, as their email is; rows from before are named from the team now.
ALTER TABLE "config_proposals" ADD COLUMN "proposer_name" text;--> statement-breakpoint
UPDATE "config_proposals" SET "proposer_name" = "users"."name" FROM "users" WHERE "users"."id" = "config_proposals"."proposer_id";
