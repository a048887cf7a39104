CREATE TABLE "event_walk_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"added_by" text
);
--> statement-breakpoint
ALTER TABLE "event_walk_ins" ADD CONSTRAINT "event_walk_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_walk_ins" ADD CONSTRAINT "event_walk_ins_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_walk_ins_event_idx" ON "event_walk_ins" USING btree ("event_id");