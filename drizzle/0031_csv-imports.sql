CREATE TABLE "csv_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"staff_id" text NOT NULL,
	"staff_email" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "csv_imports_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "csv_imports_size" CHECK ("csv_imports"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "consent_source" SET DEFAULT 'email';--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_staff_id_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csv_imports_expires_idx" ON "csv_imports" USING btree ("expires_at");