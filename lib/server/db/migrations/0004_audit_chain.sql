CREATE TABLE "action_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"status" integer,
	"content_type" text,
	"body" text,
	CONSTRAINT "action_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "client_request_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "action_keys_created_idx" ON "action_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_request_idx" ON "audit_events" USING btree ("request_id");--> statement-breakpoint
-- The audit log is hash-chained. Each row's hash is SHA-256 over the previous row's hash and the row's fields, each
-- written as "<length>:<text>" (null as empty), in a fixed order; lib/audit/chain.ts computes the same in JavaScript
-- for `npm run audit:verify` and for exported copies. The trigger below sets it on every insert, whatever inserts.
CREATE FUNCTION audit_field(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT length(coalesce(value, ''))::text || ':' || coalesce(value, '')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_row_hash(prev text, r audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    prev
    || audit_field(r.id::text)
    || audit_field(to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    || audit_field(r.actor_id::text)
    || audit_field(r.actor_email)
    || audit_field(r.actor_role::text)
    || audit_field(r.action)
    || audit_field(r.target_id)
    || audit_field(r.outcome)
    || audit_field(r.upstream_status::text)
    || audit_field(r.request_id)
    || audit_field(r.client_request_id)
    || audit_field(r.summary::text),
    'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The chain's last link, so a row removed from the end is noticed too.
CREATE TABLE audit_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id bigint NOT NULL,
  hash text NOT NULL
);
--> statement-breakpoint
-- Existing rows join the chain in id order (times cut to milliseconds, the precision the chain records).
DO $$
DECLARE
  r audit_events;
  prev text := repeat('0', 64);
  h text;
BEGIN
  ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only;
  FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
    r.occurred_at := date_trunc('milliseconds', r.occurred_at);
    h := audit_row_hash(prev, r);
    UPDATE audit_events SET occurred_at = r.occurred_at, prev_hash = prev, hash = h WHERE id = r.id;
    prev := h;
  END LOOP;
  ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only;
  INSERT INTO audit_chain_head (singleton, last_id, hash)
    SELECT true, id, hash FROM audit_events ORDER BY id DESC LIMIT 1;
END $$;
--> statement-breakpoint
-- The id comes from the trigger, under the chain's lock, so ids follow the chain (one sequence value per row).
ALTER TABLE audit_events ALTER COLUMN id DROP DEFAULT;
--> statement-breakpoint
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  -- One writer at a time, until its transaction ends: the row it links to is the last committed one.
  PERFORM pg_advisory_xact_lock(hashtext('console-audit-chain'));
  SELECT * INTO head FROM audit_chain_head WHERE singleton;
  NEW.id := nextval(pg_get_serial_sequence('audit_events', 'id'));
  NEW.occurred_at := date_trunc('milliseconds', clock_timestamp());
  NEW.prev_hash := coalesce(head.hash, repeat('0', 64));
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  INSERT INTO audit_chain_head (singleton, last_id, hash) VALUES (true, NEW.id, NEW.hash)
    ON CONFLICT (singleton) DO UPDATE SET last_id = EXCLUDED.last_id, hash = EXCLUDED.hash;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
