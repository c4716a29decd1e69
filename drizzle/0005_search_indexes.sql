ALTER TABLE "search_documents" ADD COLUMN "title_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED;--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "search_documents_sizes_idx" ON "search_documents" USING gin ("sizes");--> statement-breakpoint
CREATE INDEX "search_documents_popularity_idx" ON "search_documents" USING btree ("popularity" DESC NULLS LAST,"published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_documents_store_name_prefix_idx" ON "search_documents" USING btree (lower("store_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_documents_store_handle_prefix_idx" ON "search_documents" USING btree ("store_handle" text_pattern_ops);