ALTER TYPE "public"."outbox_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "expires_at" timestamp with time zone;