CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fan_club_perk_redemptions" (
	"perk_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "fan_club_perk_redemptions_perk_id_order_id_pk" PRIMARY KEY("perk_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"blank_id" text,
	"category" text,
	"warehouse_id" text,
	"first_item_minor" integer NOT NULL,
	"additional_item_minor" integer NOT NULL,
	"currency" text DEFAULT platform_currency() NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_target_check" CHECK (("shipping_rates"."blank_id" is null) <> ("shipping_rates"."category" is null)),
	CONSTRAINT "shipping_rates_amounts_check" CHECK ("shipping_rates"."first_item_minor" >= 0 and "shipping_rates"."additional_item_minor" >= 0),
	CONSTRAINT "shipping_rates_days_check" CHECK ("shipping_rates"."min_days" >= 0 and "shipping_rates"."min_days" <= "shipping_rates"."max_days")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"name" text NOT NULL,
	"regions" text[] DEFAULT '{}' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"order_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"blank_variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"tracked" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_order_id_warehouse_id_blank_variant_id_pk" PRIMARY KEY("order_id","warehouse_id","blank_variant_id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_stock" (
	"warehouse_id" text NOT NULL,
	"blank_variant_id" text NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_stock_warehouse_id_blank_variant_id_pk" PRIMARY KEY("warehouse_id","blank_variant_id"),
	CONSTRAINT "warehouse_stock_levels_check" CHECK ("warehouse_stock"."on_hand" >= 0 and "warehouse_stock"."reserved" >= 0 and "warehouse_stock"."reserved" <= "warehouse_stock"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"group_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"blank_id" text NOT NULL,
	"blank_variant_id" text NOT NULL,
	"sku" text NOT NULL,
	"store_id" text NOT NULL,
	"store_name" text NOT NULL,
	"store_handle" text NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"image" jsonb,
	"print_files" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"unit_base_cost_minor" integer NOT NULL,
	"items_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" BETWEEN 1 AND 99 AND "order_lines"."refunded_quantity" BETWEEN 0 AND "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"held_from" text,
	"user_id" text,
	"email" text NOT NULL,
	"place_key" text NOT NULL,
	"visitor_cart_id" text,
	"currency" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"tax_rate_percent" real NOT NULL,
	"platform_fee_percent" real NOT NULL,
	"discount_code" text,
	"discount_perk_id" text,
	"address" jsonb NOT NULL,
	"items_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"shipping_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"applied_refunds" text[] DEFAULT '{}'::text[] NOT NULL,
	"adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_minor" >= 0 AND "orders"."refunded_minor" >= 0 AND "orders"."refunded_minor" <= "orders"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "shipment_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"warehouse_name" text NOT NULL,
	"fulfiller_id" text NOT NULL,
	"fulfiller_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shipping_minor" integer NOT NULL,
	"shipping_tax_minor" integer NOT NULL,
	"shipping_refunded_minor" integer DEFAULT 0 NOT NULL,
	"production_days" integer NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"production_started_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"journal_id" text NOT NULL,
	"account" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"order_id" text NOT NULL,
	"line_id" text,
	"group_id" text,
	"available_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"reverses_journal_id" text,
	"idempotency_key" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "amount_off_minor" integer;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "used_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_club_perk_redemptions" ADD CONSTRAINT "fan_club_perk_redemptions_perk_id_fan_club_perks_id_fk" FOREIGN KEY ("perk_id") REFERENCES "public"."fan_club_perks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_fulfiller_id_fulfillers_id_fk" FOREIGN KEY ("fulfiller_id") REFERENCES "public"."fulfillers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD CONSTRAINT "shipping_zones_fulfiller_id_fulfillers_id_fk" FOREIGN KEY ("fulfiller_id") REFERENCES "public"."fulfillers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_blank_variant_id_blank_variants_id_fk" FOREIGN KEY ("blank_variant_id") REFERENCES "public"."blank_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_group_id_shipment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."shipment_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_groups" ADD CONSTRAINT "shipment_groups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_club_perk_redemptions_order_idx" ON "fan_club_perk_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_fulfiller_idx" ON "shipping_rates" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "shipping_zones_fulfiller_idx" ON "shipping_zones" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_fulfiller_name_key" ON "shipping_zones" USING btree ("fulfiller_id","name");--> statement-breakpoint
CREATE INDEX "stock_reservations_status_idx" ON "stock_reservations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_group_idx" ON "order_lines" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "order_lines_store_idx" ON "order_lines" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_place_key" ON "orders" USING btree ("place_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "shipment_groups_order_idx" ON "shipment_groups" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipment_groups_fulfiller_idx" ON "shipment_groups" USING btree ("fulfiller_id","status");--> statement-breakpoint
CREATE INDEX "shipment_groups_warehouse_idx" ON "shipment_groups" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","available_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_key" ON "ledger_journals" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_journals_order_idx" ON "ledger_journals" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_club_perks_store_code_key" ON "fan_club_perks" USING btree ("store_id",upper("code")) WHERE "fan_club_perks"."code" is not null;--> statement-breakpoint
CREATE INDEX "fan_club_perks_code_idx" ON "fan_club_perks" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD CONSTRAINT "fan_club_perks_used_count_check" CHECK ("fan_club_perks"."used_count" >= 0);--> statement-breakpoint
-- Hand-written: existing percent perks with a code become percent discount codes, codes upper-case.
UPDATE "fan_club_perks" SET "code" = upper("code"), "discount_kind" = CASE WHEN "percent_off" IS NOT NULL THEN 'percent' ELSE NULL END WHERE "code" IS NOT NULL;
--> statement-breakpoint
-- Hand-written: the ledger is append-only. A journal or an entry is never changed or removed; a
-- correction is a reversing journal (ADR 0012).
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The ledger is append-only: post a reversing journal instead of changing %', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON "ledger_journals" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
