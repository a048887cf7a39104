CREATE TYPE "public"."registration_cancellation" AS ENUM('member', 'offer-expired');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('confirmed', 'waitlisted', 'offered', 'cancelled');--> statement-breakpoint
CREATE SEQUENCE "public"."event_waitlist_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" "registration_status" NOT NULL,
	"waitlist_seq" bigint,
	"offer_expires_at" timestamp with time zone,
	"cancellation" "registration_cancellation",
	"sequence" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_waitlist_has_place" CHECK ("event_registrations"."status" <> 'waitlisted' or "event_registrations"."waitlist_seq" is not null),
	CONSTRAINT "event_registrations_offer_has_expiry" CHECK ("event_registrations"."status" <> 'offered' or "event_registrations"."offer_expires_at" is not null),
	CONSTRAINT "event_registrations_confirmed_has_time" CHECK ("event_registrations"."status" <> 'confirmed' or "event_registrations"."confirmed_at" is not null),
	CONSTRAINT "event_registrations_cancelled_has_reason" CHECK (("event_registrations"."status" = 'cancelled') = ("event_registrations"."cancellation" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seats_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_calendar_feeds" ADD CONSTRAINT "member_calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_event_user_unique" ON "event_registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_registrations_queue_idx" ON "event_registrations" USING btree ("event_id","status","waitlist_seq");--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_seats_taken_within_capacity" CHECK ("events"."seats_taken" >= 0 and ("events"."capacity" is null or "events"."seats_taken" <= "events"."capacity"));