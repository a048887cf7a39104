-- Custom SQL migration file, put your code below! --
-- Seats apart from events (src/lib/public-pages.ts, ADR 0025 amendment of 2026-11-30). A registration
-- changes an event's taken seats and its registrations, which the event pages show only inside personal
-- parts (the spots, the buttons). They now notify 'seats', and every other change to an event 'events',
-- so a member's page can still be filled from the kept page while registrations pour in: only the parts
-- are made again. An update that changes seats_taken and anything else notifies both.
DROP TRIGGER page_cache_notify ON "events";
--> statement-breakpoint
DROP TRIGGER page_cache_notify ON "event_registrations";
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('events');
--> statement-breakpoint
-- Compared as whole rows less seats_taken, so a column added later is covered without a change here.
CREATE TRIGGER page_cache_notify_event_update AFTER UPDATE ON "events" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken'))
  EXECUTE FUNCTION page_cache_notify('events');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify_seats AFTER UPDATE OF seats_taken ON "events" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('seats');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_registrations" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('seats');
