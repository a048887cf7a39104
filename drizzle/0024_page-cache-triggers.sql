-- Custom SQL migration file, put your code below! --
-- The page cache (src/server/page-cache.ts) keeps public pages in each app server's memory. Every
-- committed change to a table those pages show notifies the channel page_cache with the groups of
-- pages it touches, whoever made it (the site, a staff action, a script, psql), and each server's
-- listener drops those groups' pages. Postgres sends NOTIFY at commit, never for a rolled-back change,
-- and sends one notification per group per transaction however many rows changed.
CREATE OR REPLACE FUNCTION page_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  page_group text;
BEGIN
  FOREACH page_group IN ARRAY TG_ARGV LOOP
    PERFORM pg_notify('page_cache', page_group);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('catalog');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('catalog');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_adjustments" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('catalog');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_rates" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('catalog');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "images" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('catalog','content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "image_variants" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('catalog','content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('events');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_registrations" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('events');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_contact" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "leaders" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "training_locations" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faqs" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "core_values" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programs" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
--> statement-breakpoint
CREATE TRIGGER page_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify('content');
