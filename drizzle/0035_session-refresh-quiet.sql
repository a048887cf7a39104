-- Custom SQL migration file, put your code below! --
-- A session's hourly refresh (better-auth moves its expires_at and updated_at) changes nothing any visitor's
-- parts show, and at a registration opening every member's first page refreshes theirs: it no longer
-- notifies 'visitors', which dropped every visitor's parts on every server (src/server/personal-pages.ts).
-- A new session, a deleted one, and any other change to one (its user, its token) still notify.
DROP TRIGGER page_cache_notify ON "session";
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('visitors');
--> statement-breakpoint
-- Compared as whole rows less the two refreshed columns, so a column added later is covered without a change here.
CREATE TRIGGER page_cache_notify_session_update AFTER UPDATE ON "session" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'expires_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'expires_at' - 'updated_at'))
  EXECUTE FUNCTION page_cache_notify('visitors');
