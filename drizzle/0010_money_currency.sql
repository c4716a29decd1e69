-- Money with its currency (issue 7, item 4; migration 0010). Hand-written: platform_currency() and its comment.
-- Every stored amount gets the ISO 4217 currency it is in. Existing rows (and rows a writer inserts
-- without naming one) take the platform currency of /admin/config at the time, read from
-- platform_settings ('USD' when none is stored). Once priced rows exist the platform refuses to
-- change its currency (server/modules/platform/service.ts), so these never silently re-denominate.
CREATE OR REPLACE FUNCTION platform_currency() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT value #>> '{}' FROM platform_settings WHERE key = 'currency' AND jsonb_typeof(value) = 'string' AND (value #>> '{}') ~ '^[A-Z]{3}$'),
    'USD'
  )
$$;--> statement-breakpoint
ALTER TABLE "blank_variants" ADD COLUMN "currency" text DEFAULT platform_currency() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "currency" text DEFAULT platform_currency() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "currency" text DEFAULT platform_currency() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "budget_currency" text DEFAULT platform_currency() NOT NULL;