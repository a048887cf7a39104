CREATE TABLE "sample_content_loads" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "sample_content_loads_single_row" CHECK ("sample_content_loads"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_contact" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"phone_hours" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_contact_single_row" CHECK ("site_contact"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "image_id" integer;--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leaders" ADD CONSTRAINT "leaders_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;