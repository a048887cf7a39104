CREATE TYPE "public"."newsletter_delivery_status" AS ENUM('pending', 'queued', 'skipped');--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" "newsletter_delivery_status" DEFAULT 'pending' NOT NULL,
	"outbox_id" integer,
	"unsubscribe_token_hash" text,
	"queued_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "newsletter_deliveries_issue_email_key" UNIQUE("issue_id","email")
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by_id" text,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_id" text,
	"sent_by_email" text,
	"recipient_count" integer,
	"queued_at" timestamp with time zone,
	CONSTRAINT "newsletter_issues_recipient_count_non_negative" CHECK ("newsletter_issues"."recipient_count" is null or "newsletter_issues"."recipient_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_sent_by_id_user_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_pending_idx" ON "newsletter_deliveries" USING btree ("issue_id","id") WHERE "newsletter_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_unconfirmed_idx" ON "newsletter_subscribers" USING btree ("confirm_expires_at") WHERE "newsletter_subscribers"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "member_settings" DROP COLUMN "marketing_emails";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_confirm_token_hash_unique" UNIQUE("confirm_token_hash");