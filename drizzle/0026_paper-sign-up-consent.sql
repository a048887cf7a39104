ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_source" text DEFAULT 'e-mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_note" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "recorded_by" text;