CREATE TABLE "fan_club_members" (
	"store_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email_opt_in" boolean DEFAULT true NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_club_members_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fan_club_perks" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"percent_off" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_club_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"author_user_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"store_name" text NOT NULL,
	"handle" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_terms_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"store_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_members" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invite_token_hash" text,
	"worker_title" text DEFAULT '' NOT NULL,
	"worker_bio" text DEFAULT '' NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"avatar_key" text,
	"banner_key" text,
	"accent_color" text DEFAULT '#7e57c2' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"suspended_reason" text DEFAULT '' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfillers" (
	"id" text PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"store_id" text,
	"description" text DEFAULT '' NOT NULL,
	"capabilities" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artwork_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"artwork_id" text NOT NULL,
	"product_id" text,
	"store_id" text NOT NULL,
	"matched_artwork_id" text NOT NULL,
	"matched_product_id" text,
	"matched_store_id" text NOT NULL,
	"distance" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artworks" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"uploaded_by" text,
	"file_name" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"has_alpha" boolean DEFAULT false NOT NULL,
	"sha256" text NOT NULL,
	"phash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blank_colors" (
	"blank_id" text NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blank_colors_blank_id_name_pk" PRIMARY KEY("blank_id","name")
);
--> statement-breakpoint
CREATE TABLE "blank_print_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"blank_id" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"width_in" real NOT NULL,
	"height_in" real NOT NULL,
	"required_dpi" integer DEFAULT 300 NOT NULL,
	"template_width" integer NOT NULL,
	"template_height" integer NOT NULL,
	"template_rect" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blank_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"blank_id" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"sku" text NOT NULL,
	"base_cost_minor" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blank_warehouses" (
	"blank_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	CONSTRAINT "blank_warehouses_blank_id_warehouse_id_pk" PRIMARY KEY("blank_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "blanks" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"production_days" integer DEFAULT 3 NOT NULL,
	"size_guide" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_files" (
	"product_id" text NOT NULL,
	"area_key" text NOT NULL,
	"storage_key" text NOT NULL,
	"width_px" integer NOT NULL,
	"height_px" integer NOT NULL,
	"dpi" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_files_product_id_area_key_pk" PRIMARY KEY("product_id","area_key")
);
--> statement-breakpoint
CREATE TABLE "product_events" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_user_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_mockups" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"color" text NOT NULL,
	"area_key" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"blank_variant_id" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"price_minor" integer,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"blank_id" text NOT NULL,
	"artwork_id" text,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text NOT NULL,
	"price_minor" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"placements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preflight" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_color" text DEFAULT '' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"takedown_reason" text DEFAULT '' NOT NULL,
	"created_by" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"product_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"store_handle" text NOT NULL,
	"store_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags_text" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_minor" integer NOT NULL,
	"price_max_minor" integer DEFAULT 0 NOT NULL,
	"color_swatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"image_hash" text DEFAULT '' NOT NULL,
	"popularity" real DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(tags_text, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('simple', coalesce(store_name, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D')) STORED,
	"title_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_variant_id_pk" PRIMARY KEY("user_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "product_request_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"store_id" text NOT NULL,
	"product_id" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"idea" text NOT NULL,
	"category" text NOT NULL,
	"reference_image_key" text,
	"budget_minor" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"product_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"user_id" text,
	"day" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishes_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "fan_club_members" ADD CONSTRAINT "fan_club_members_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD CONSTRAINT "fan_club_perks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_club_posts" ADD CONSTRAINT "fan_club_posts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_members" ADD CONSTRAINT "store_members_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_fulfiller_id_fulfillers_id_fk" FOREIGN KEY ("fulfiller_id") REFERENCES "public"."fulfillers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_flags" ADD CONSTRAINT "artwork_flags_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_flags" ADD CONSTRAINT "artwork_flags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blank_colors" ADD CONSTRAINT "blank_colors_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blank_print_areas" ADD CONSTRAINT "blank_print_areas_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blank_variants" ADD CONSTRAINT "blank_variants_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blank_warehouses" ADD CONSTRAINT "blank_warehouses_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_files" ADD CONSTRAINT "print_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_mockups" ADD CONSTRAINT "product_mockups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_blank_variant_id_blank_variants_id_fk" FOREIGN KEY ("blank_variant_id") REFERENCES "public"."blank_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_request_answers" ADD CONSTRAINT "product_request_answers_request_id_product_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."product_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_club_members_user_idx" ON "fan_club_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_club_members_unsub_key" ON "fan_club_members" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "fan_club_perks_store_idx" ON "fan_club_perks" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "fan_club_posts_store_idx" ON "fan_club_posts" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_applications_status_idx" ON "partner_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partner_applications_user_idx" ON "partner_applications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_applications_pending_handle_key" ON "partner_applications" USING btree ("handle") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "store_members_store_idx" ON "store_members" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_members_user_idx" ON "store_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_members_store_email_key" ON "store_members" USING btree ("store_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_handle_key" ON "stores" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillers_handle_key" ON "fulfillers" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "fulfillers_owner_idx" ON "fulfillers" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "warehouses_fulfiller_idx" ON "warehouses" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_fulfiller_name_key" ON "warehouses" USING btree ("fulfiller_id","name");--> statement-breakpoint
CREATE INDEX "artwork_flags_status_idx" ON "artwork_flags" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "artwork_flags_product_idx" ON "artwork_flags" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "artworks_store_idx" ON "artworks" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "artworks_sha_idx" ON "artworks" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "artworks_phash_idx" ON "artworks" USING btree ("phash");--> statement-breakpoint
CREATE UNIQUE INDEX "blank_print_areas_blank_key" ON "blank_print_areas" USING btree ("blank_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "blank_variants_sku_key" ON "blank_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "blank_variants_blank_color_size_key" ON "blank_variants" USING btree ("blank_id","color","size");--> statement-breakpoint
CREATE INDEX "blanks_fulfiller_idx" ON "blanks" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE INDEX "blanks_category_idx" ON "blanks" USING btree ("category");--> statement-breakpoint
CREATE INDEX "product_events_product_idx" ON "product_events" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "product_mockups_product_idx" ON "product_mockups" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_mockups_product_color_area_key" ON "product_mockups" USING btree ("product_id","color","area_key");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_blank_variant_key" ON "product_variants" USING btree ("product_id","blank_variant_id");--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("store_id","status");--> statement-breakpoint
CREATE INDEX "products_status_published_idx" ON "products" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","status");--> statement-breakpoint
CREATE INDEX "products_artwork_idx" ON "products" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "search_documents_sizes_idx" ON "search_documents" USING gin ("sizes");--> statement-breakpoint
CREATE INDEX "search_documents_popularity_idx" ON "search_documents" USING btree ("popularity" DESC NULLS LAST,"published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_documents_store_name_prefix_idx" ON "search_documents" USING btree (lower("store_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_documents_store_handle_prefix_idx" ON "search_documents" USING btree ("store_handle" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_category_idx" ON "search_documents" USING btree ("category");--> statement-breakpoint
CREATE INDEX "search_documents_store_idx" ON "search_documents" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "search_documents_colors_idx" ON "search_documents" USING gin ("colors");--> statement-breakpoint
CREATE INDEX "search_documents_published_idx" ON "search_documents" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "search_documents_price_idx" ON "search_documents" USING btree ("price_minor");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_request_answers_request_idx" ON "product_request_answers" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_request_answers_request_product_key" ON "product_request_answers" USING btree ("request_id","product_id");--> statement-breakpoint
CREATE INDEX "product_requests_status_idx" ON "product_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_requests_user_idx" ON "product_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_views_product_viewer_day_key" ON "product_views" USING btree ("product_id","viewer_key","day");--> statement-breakpoint
CREATE INDEX "product_views_viewed_idx" ON "product_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "product_views_user_idx" ON "product_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "wishes_product_idx" ON "wishes" USING btree ("product_id","created_at");