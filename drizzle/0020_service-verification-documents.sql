ALTER TYPE "public"."verification_decision" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "service_verification_documents" (
	"verification_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "service_verification_documents_type" CHECK ("service_verification_documents"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
	CONSTRAINT "service_verification_documents_size" CHECK ("service_verification_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "service_verification_documents" ADD CONSTRAINT "service_verification_documents_verification_id_service_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."service_verifications"("id") ON DELETE cascade ON UPDATE no action;