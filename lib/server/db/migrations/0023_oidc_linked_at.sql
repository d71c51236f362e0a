-- When a member's single sign-on was linked, for the Team page's sign-in methods. Members linked before are dated
-- by their first admitted single sign-on with that identity in the audit log (null if the log has none).
ALTER TABLE "users" ADD COLUMN "oidc_linked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "oidc_linked_at" = (
  SELECT min("audit_events"."occurred_at") FROM "audit_events"
  WHERE "audit_events"."action" = 'auth.sso.sign-in' AND "audit_events"."outcome" = 'allowed'
    AND "audit_events"."actor_id" = "users"."id" AND "audit_events"."summary"->>'subject' = "users"."oidc_subject"
) WHERE "oidc_subject" IS NOT NULL;
