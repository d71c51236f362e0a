-- Every console instance keeps the users that sessions name (lib/auth/user-cache.ts) and drops one as soon as its
-- row changes: the notification is sent when the changing transaction commits, whoever made the change.
CREATE FUNCTION users_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_users', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_notify_change();
