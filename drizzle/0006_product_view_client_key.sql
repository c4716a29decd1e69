ALTER TABLE "product_views" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "product_views_client_idx" ON "product_views" USING btree ("client_key","viewed_at");