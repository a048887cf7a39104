CREATE TYPE "public"."donation_frequency" AS ENUM('one_time', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."donation_payment_method" AS ENUM('stripe', 'offline');--> statement-breakpoint
CREATE TYPE "public"."donation_status" AS ENUM('pending', 'pledged', 'paid', 'refunded', 'expired');--> statement-breakpoint
CREATE TYPE "public"."recurring_donation_status" AS ENUM('pending', 'active', 'past_due', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."tribute_kind" AS ENUM('honor', 'memory');--> statement-breakpoint
CREATE TABLE "donation_manage_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"recurring_donation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "donation_receipt_counters_positive" CHECK ("donation_receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"frequency" "donation_frequency" NOT NULL,
	"recurring_donation_id" uuid,
	"user_id" text,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"status" "donation_status" NOT NULL,
	"payment_method" "donation_payment_method" NOT NULL,
	"tribute_kind" "tribute_kind",
	"tribute_name" text,
	"tribute_notify_name" text,
	"tribute_notify_email" text,
	"tribute_notified_at" timestamp with time zone,
	"idempotency_key" text,
	"receipt_number" text,
	"receipt_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_invoice_id" text,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	CONSTRAINT "donations_number_unique" UNIQUE("number"),
	CONSTRAINT "donations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "donations_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "donations_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "donations_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id"),
	CONSTRAINT "donations_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id"),
	CONSTRAINT "donations_totals" CHECK ("donations"."amount_cents" > 0 and "donations"."fee_cents" >= 0 and "donations"."total_cents" = "donations"."amount_cents" + "donations"."fee_cents"),
	CONSTRAINT "donations_receipted_when_paid" CHECK (("donations"."status" in ('paid', 'refunded')) = ("donations"."receipt_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "recurring_donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" "recurring_donation_status" DEFAULT 'pending' NOT NULL,
	"tribute_kind" "tribute_kind",
	"tribute_name" text,
	"tribute_notify_name" text,
	"tribute_notify_email" text,
	"tribute_notified_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"last_failed_invoice_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "recurring_donations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "recurring_donations_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "recurring_donations_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "recurring_donations_totals" CHECK ("recurring_donations"."amount_cents" > 0 and "recurring_donations"."fee_cents" >= 0 and "recurring_donations"."total_cents" = "recurring_donations"."amount_cents" + "recurring_donations"."fee_cents")
);
--> statement-breakpoint
ALTER TABLE "donation_manage_tokens" ADD CONSTRAINT "donation_manage_tokens_recurring_donation_id_recurring_donations_id_fk" FOREIGN KEY ("recurring_donation_id") REFERENCES "public"."recurring_donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recurring_donation_id_recurring_donations_id_fk" FOREIGN KEY ("recurring_donation_id") REFERENCES "public"."recurring_donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD CONSTRAINT "recurring_donations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_manage_tokens_recurring_idx" ON "donation_manage_tokens" USING btree ("recurring_donation_id");--> statement-breakpoint
CREATE INDEX "donations_email_idx" ON "donations" USING btree (lower("donor_email"));--> statement-breakpoint
CREATE INDEX "donations_created_at_idx" ON "donations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "donations_paid_at_idx" ON "donations" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "donations_recurring_idx" ON "donations" USING btree ("recurring_donation_id");--> statement-breakpoint
CREATE INDEX "recurring_donations_email_idx" ON "recurring_donations" USING btree (lower("donor_email"));