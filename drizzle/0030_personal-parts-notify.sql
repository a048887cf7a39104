-- Custom SQL migration file, put your code below! --
-- The HTTP front keeps each visitor's personal parts of the public pages (their account links, cart
-- badge, call to join; src/server/personal-pages.ts, ADR 0025). Every committed change to an account,
-- a session, a cart or a membership notifies page_cache with 'visitors', and each server's listener
-- drops every visitor's parts, so the next page shows them as they are now.
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('visitors');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('visitors');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "carts" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('visitors');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cart_lines" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('visitors');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('visitors');
