-- A catalogue version, bumped in the same transaction as any change to what the storefront shows
-- (products, their variants and mockups, blanks and their colours, stores). Pages memoise their data
-- per version; the bump is transactional, so a reader never sees a new version before the change.
CREATE TABLE IF NOT EXISTS "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"version" bigint NOT NULL DEFAULT 0,
	"changed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_variants_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_mockups_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "product_mockups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "blanks_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "blanks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "blank_colors_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "blank_colors" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "stores_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
