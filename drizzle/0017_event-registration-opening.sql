CREATE TYPE "public"."event_eligibility" AS ENUM('everyone', 'members', 'elite');--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "priority_days" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "eligibility" "event_eligibility" DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_priority_days_range" CHECK ("events"."priority_days" is null or ("events"."priority_days" between 1 and 90 and "events"."registration_opens_at" is not null and "events"."eligibility" = 'everyone'));