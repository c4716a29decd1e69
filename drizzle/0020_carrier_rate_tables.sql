CREATE TABLE "carrier_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"carrier_code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"carrier_account_id" text NOT NULL,
	"service_id" text NOT NULL,
	"zone_id" text NOT NULL,
	"min_grams" integer NOT NULL,
	"max_grams" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT platform_currency() NOT NULL,
	CONSTRAINT "carrier_rates_weights_check" CHECK ("carrier_rates"."min_grams" >= 0 and "carrier_rates"."max_grams" > "carrier_rates"."min_grams"),
	CONSTRAINT "carrier_rates_price_check" CHECK ("carrier_rates"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carrier_services" (
	"id" text PRIMARY KEY NOT NULL,
	"carrier_account_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"dim_divisor" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "carrier_services_dim_divisor_check" CHECK ("carrier_services"."dim_divisor" is null or "carrier_services"."dim_divisor" > 0)
);
--> statement-breakpoint
CREATE TABLE "carrier_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"carrier_account_id" text NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"postal_prefixes" text[] DEFAULT '{}' NOT NULL,
	"postal_from" text,
	"postal_to" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "carrier_zones_range_check" CHECK (("carrier_zones"."postal_from" is null) = ("carrier_zones"."postal_to" is null))
);
--> statement-breakpoint
ALTER TABLE "carrier_rates" ADD CONSTRAINT "carrier_rates_carrier_account_id_carrier_accounts_id_fk" FOREIGN KEY ("carrier_account_id") REFERENCES "public"."carrier_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_rates" ADD CONSTRAINT "carrier_rates_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_rates" ADD CONSTRAINT "carrier_rates_zone_id_carrier_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."carrier_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_services" ADD CONSTRAINT "carrier_services_carrier_account_id_carrier_accounts_id_fk" FOREIGN KEY ("carrier_account_id") REFERENCES "public"."carrier_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_zones" ADD CONSTRAINT "carrier_zones_carrier_account_id_carrier_accounts_id_fk" FOREIGN KEY ("carrier_account_id") REFERENCES "public"."carrier_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_accounts_fulfiller_idx" ON "carrier_accounts" USING btree ("fulfiller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_accounts_fulfiller_carrier_key" ON "carrier_accounts" USING btree ("fulfiller_id","carrier_code");--> statement-breakpoint
CREATE INDEX "carrier_rates_account_idx" ON "carrier_rates" USING btree ("carrier_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_rates_service_zone_min_key" ON "carrier_rates" USING btree ("service_id","zone_id","min_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_services_account_code_key" ON "carrier_services" USING btree ("carrier_account_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_zones_account_name_key" ON "carrier_zones" USING btree ("carrier_account_id","name");