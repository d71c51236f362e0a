-- Issue 46, item 8: the audit chain anchored outside the database (docs/decisions/0001-audit-chain-anchored-outside-the-database.md).
-- Each row the console writes carries `mac`, an HMAC-SHA256 under a key PostgreSQL never holds (lib/audit/anchor.ts);
-- rows from before this migration have none and are reported as "not keyed". The row hash (0004) is unchanged: the
-- mac is checked on its own, with the key, by `npm run audit:verify`.
ALTER TABLE audit_events ADD COLUMN mac text;
--> statement-breakpoint
-- TRUNCATE skips row triggers, so the append-only rule (0001) did not cover it: refused here for everyone, the owner
-- included (only someone who can drop this trigger can truncate, and the signed checkpoints then name it).
CREATE FUNCTION audit_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE is refused', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_truncate();
--> statement-breakpoint
-- The console runs as a role with INSERT and SELECT on the log only (lib/db/runtime-role.ts): the chain trigger
-- advances the head and draws the id as the owner, so that role needs no UPDATE on the head nor the id sequence.
ALTER FUNCTION audit_events_chain() SECURITY DEFINER SET search_path = public, pg_temp;
