ALTER TABLE "cart_items" ADD COLUMN "added_price_minor" integer;--> statement-breakpoint
ALTER TABLE "visitor_cart_items" ADD COLUMN "added_price_minor" integer;