CREATE TABLE "donation_statements" (
	"year" integer NOT NULL,
	"email_key" text NOT NULL,
	"donor_name" text NOT NULL,
	"total_cents" integer NOT NULL,
	"gift_count" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" text NOT NULL,
	CONSTRAINT "donation_statements_year_email_key_pk" PRIMARY KEY("year","email_key"),
	CONSTRAINT "donation_statements_email_key_lower" CHECK ("donation_statements"."email_key" = lower("donation_statements"."email_key")),
	CONSTRAINT "donation_statements_positive" CHECK ("donation_statements"."total_cents" > 0 and "donation_statements"."gift_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "stripe_refund_id" text;