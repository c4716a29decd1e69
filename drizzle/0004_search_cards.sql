ALTER TABLE "search_documents" ADD COLUMN "price_max_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "color_swatches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;