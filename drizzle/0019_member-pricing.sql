CREATE TYPE "public"."discount_kind" AS ENUM('member-pricing', 'verified-service');--> statement-breakpoint
CREATE TABLE "pricing_rates" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"premium_tenths" integer NOT NULL,
	"elite_tenths" integer NOT NULL,
	"verification_tenths" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pricing_rates_single_row" CHECK ("pricing_rates"."id" = 1),
	CONSTRAINT "pricing_rates_range" CHECK ("pricing_rates"."premium_tenths" between 0 and 500 and "pricing_rates"."elite_tenths" between 0 and 500 and "pricing_rates"."verification_tenths" between 0 and 500)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_kind" "discount_kind";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_tenths" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_basis" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_pricing_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "verification_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount" CHECK ("order_lines"."unit_discount_cents" >= 0 and "order_lines"."unit_discount_cents" <= "order_lines"."unit_price_cents" and ("order_lines"."unit_discount_cents" = 0 or "order_lines"."discount_kind" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."member_pricing_cents" >= 0 and "orders"."verification_discount_cents" >= 0
          and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."member_pricing_cents" - "orders"."verification_discount_cents" + "orders"."shipping_cents");