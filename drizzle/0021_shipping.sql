CREATE SEQUENCE "public"."manifest_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "manifests" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer DEFAULT nextval('manifest_number') NOT NULL,
	"fulfiller_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"warehouse_name" text NOT NULL,
	"carrier_account_id" text NOT NULL,
	"carrier_name" text NOT NULL,
	"origin" jsonb NOT NULL,
	"shipment_count" integer NOT NULL,
	"total_grams" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"order_id" text NOT NULL,
	"group_id" text NOT NULL,
	"status" text DEFAULT 'packed' NOT NULL,
	"line_ids" text[] NOT NULL,
	"box_id" text,
	"box_name" text DEFAULT '' NOT NULL,
	"dimensions_cm" jsonb,
	"items_grams" integer NOT NULL,
	"box_grams" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer NOT NULL,
	"weighed" boolean DEFAULT false NOT NULL,
	"photo_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"parcel_id" text NOT NULL,
	"fulfiller_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"order_id" text NOT NULL,
	"group_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"carrier_account_id" text NOT NULL,
	"carrier_code" text NOT NULL,
	"carrier_name" text NOT NULL,
	"service_code" text NOT NULL,
	"service_name" text NOT NULL,
	"label_key" text NOT NULL,
	"tracking_number" text,
	"provider_shipment_id" text,
	"from_address" jsonb NOT NULL,
	"to_address" jsonb NOT NULL,
	"weight_grams" integer NOT NULL,
	"billable_grams" integer NOT NULL,
	"zone_name" text NOT NULL,
	"rate_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"order_number" text NOT NULL,
	"parcel_index" integer DEFAULT 1 NOT NULL,
	"parcel_count" integer DEFAULT 1 NOT NULL,
	"tracking_status" text DEFAULT 'unknown' NOT NULL,
	"manifest_id" text,
	"purchased_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_tracked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"event_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"location" text,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "manifests_number_key" ON "manifests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "manifests_warehouse_idx" ON "manifests" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "parcels_group_idx" ON "parcels" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "parcels_warehouse_idx" ON "parcels" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_label_key" ON "shipments" USING btree ("label_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key" ON "shipments" USING btree ("carrier_code","tracking_number") WHERE "shipments"."status" <> 'voided';--> statement-breakpoint
CREATE INDEX "shipments_group_idx" ON "shipments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_warehouse_idx" ON "shipments" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE INDEX "shipments_manifest_idx" ON "shipments" USING btree ("manifest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_event_key" ON "tracking_events" USING btree ("shipment_id","event_id");--> statement-breakpoint
CREATE INDEX "tracking_events_shipment_idx" ON "tracking_events" USING btree ("shipment_id","at");