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
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_fulfiller_id_fulfillers_id_fk" FOREIGN KEY ("fulfiller_id") REFERENCES "public"."fulfillers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_blank_id_blanks_id_fk" FOREIGN KEY ("blank_id") REFERENCES "public"."blanks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD CONSTRAINT "shipping_zones_fulfiller_id_fulfillers_id_fk" FOREIGN KEY ("fulfiller_id") REFERENCES "public"."fulfillers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD CONSTRAINT "warehouse_stock_blank_variant_id_blank_variants_id_fk" FOREIGN KEY ("blank_variant_id") REFERENCES "public"."blank_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_rates_fulfiller_idx" ON "shipping_rates" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "shipping_zones_fulfiller_idx" ON "shipping_zones" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_fulfiller_name_key" ON "shipping_zones" USING btree ("fulfiller_id","name");--> statement-breakpoint
CREATE INDEX "stock_reservations_status_idx" ON "stock_reservations" USING btree ("status");