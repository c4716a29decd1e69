CREATE TABLE "warehouse_boxes" (
	"id" text PRIMARY KEY NOT NULL,
	"warehouse_id" text NOT NULL,
	"name" text NOT NULL,
	"length_cm" real NOT NULL,
	"width_cm" real NOT NULL,
	"height_cm" real NOT NULL,
	"weight_grams" integer NOT NULL,
	"max_weight_grams" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_boxes_size_check" CHECK ("warehouse_boxes"."length_cm" > 0 and "warehouse_boxes"."width_cm" > 0 and "warehouse_boxes"."height_cm" > 0 and "warehouse_boxes"."weight_grams" >= 0)
);
--> statement-breakpoint
ALTER TABLE "warehouse_stock" ADD COLUMN "bin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "cutoff_time" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "capacity_per_day" integer;--> statement-breakpoint
ALTER TABLE "warehouse_boxes" ADD CONSTRAINT "warehouse_boxes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_boxes_warehouse_idx" ON "warehouse_boxes" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_boxes_warehouse_name_key" ON "warehouse_boxes" USING btree ("warehouse_id","name");--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_capacity_check" CHECK ("warehouses"."capacity_per_day" is null or "warehouses"."capacity_per_day" > 0);