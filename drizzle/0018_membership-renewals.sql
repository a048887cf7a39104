CREATE TYPE "public"."membership_reminder_kind" AS ENUM('before-30', 'before-7', 'before-1', 'after-1', 'grace-ended');--> statement-breakpoint
CREATE TABLE "membership_benefit_values" (
	"plan" "membership_plan" PRIMARY KEY NOT NULL,
	"value_cents" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_benefit_values_non_negative" CHECK ("membership_benefit_values"."value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_reminders" (
	"user_id" text NOT NULL,
	"kind" "membership_reminder_kind" NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_reminders_user_id_kind_expires_on_pk" PRIMARY KEY("user_id","kind","expires_on")
);
--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;