CREATE TYPE "public"."service_status" AS ENUM('active-duty', 'veteran', 'reserve-guard', 'military-family', 'law-enforcement', 'first-responder');--> statement-breakpoint
CREATE TYPE "public"."verification_decision" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "service_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"service_status" "service_status" NOT NULL,
	"decision" "verification_decision" DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"expires_at" timestamp with time zone,
	"rejection_reason" text,
	CONSTRAINT "service_verifications_approval_expires" CHECK ("service_verifications"."decision" <> 'approved' or "service_verifications"."expires_at" is not null),
	CONSTRAINT "service_verifications_rejection_reason" CHECK ("service_verifications"."decision" <> 'rejected' or "service_verifications"."rejection_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "service_verifications" ADD CONSTRAINT "service_verifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_verifications_user_idx" ON "service_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_verifications_one_pending" ON "service_verifications" USING btree ("user_id") WHERE "service_verifications"."decision" = 'pending';