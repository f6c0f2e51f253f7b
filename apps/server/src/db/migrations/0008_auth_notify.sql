-- Every instance keeps a short cache of sessions and of users with their companies (auth/auth-cache.ts).
-- Any change to what those lookups read is announced on the `sdp_auth` channel when it commits, whoever made it
-- (this process, another instance, a job, a person at psql), and every instance drops its cache on hearing it.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sdp_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER companies_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER memberships_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER sessions_auth_delete AFTER DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
-- The sliding expiry (last_seen_at and a later expires_at, once a minute per session) is not announced:
-- a cached session only ever underestimates its expiry and is read again when that passes.
CREATE TRIGGER sessions_auth_update AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (
    OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.selected_company_id IS DISTINCT FROM NEW.selected_company_id
    OR OLD.id_token IS DISTINCT FROM NEW.id_token
    OR NEW.expires_at < OLD.expires_at
  ) EXECUTE FUNCTION notify_auth_change();
