CREATE TYPE "public"."check_in_op_action" AS ENUM('check-in', 'undo');--> statement-breakpoint
CREATE TABLE "check_in_ops" (
	"op_id" text PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"action" "check_in_op_action" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"device_id" text,
	"staff_id" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_ops" ADD CONSTRAINT "check_in_ops_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_ops" ADD CONSTRAINT "check_in_ops_staff_id_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_ops_registration_idx" ON "check_in_ops" USING btree ("registration_id","at");