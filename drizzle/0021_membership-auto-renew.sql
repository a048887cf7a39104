CREATE TYPE "public"."membership_subscription_status" AS ENUM('pending', 'active', 'past_due', 'cancelled');--> statement-breakpoint
CREATE TABLE "membership_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan" "membership_plan" NOT NULL,
	"list_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"discount_kind" "discount_kind",
	"discount_tenths" integer,
	"discount_basis" text,
	"status" "membership_subscription_status" DEFAULT 'pending' NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"last_failed_invoice_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "membership_subscriptions_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "membership_subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "membership_subscriptions_amounts" CHECK ("membership_subscriptions"."list_price_cents" > 0 and "membership_subscriptions"."discount_cents" >= 0 and "membership_subscriptions"."discount_cents" < "membership_subscriptions"."list_price_cents")
);
--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_one_in_force" ON "membership_subscriptions" USING btree ("user_id") WHERE "membership_subscriptions"."status" in ('active', 'past_due');