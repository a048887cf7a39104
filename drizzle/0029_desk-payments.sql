CREATE TYPE "public"."desk_payment_method" AS ENUM('cash', 'card', 'check');--> statement-breakpoint
CREATE TABLE "membership_desk_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan" "membership_plan" NOT NULL,
	"months" integer NOT NULL,
	"method" "desk_payment_method",
	"amount_cents" integer NOT NULL,
	"complimentary" boolean DEFAULT false NOT NULL,
	"renews_on" timestamp with time zone NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_desk_payments_paid_or_free" CHECK ("membership_desk_payments"."months" > 0 and ((not "membership_desk_payments"."complimentary" and "membership_desk_payments"."method" is not null and "membership_desk_payments"."amount_cents" > 0) or ("membership_desk_payments"."complimentary" and "membership_desk_payments"."method" is null and "membership_desk_payments"."amount_cents" = 0)))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "desk_payment_method" "desk_payment_method";--> statement-breakpoint
ALTER TABLE "membership_desk_payments" ADD CONSTRAINT "membership_desk_payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_desk_payments_user_idx" ON "membership_desk_payments" USING btree ("user_id","recorded_at");