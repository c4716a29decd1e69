CREATE TABLE "visitor_cart_items" (
	"cart_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"base_quantity" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_cart_items_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_carts" (
	"id" text PRIMARY KEY NOT NULL,
	"from_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_cart_items" ADD CONSTRAINT "visitor_cart_items_cart_id_visitor_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."visitor_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_carts_updated_idx" ON "visitor_carts" USING btree ("updated_at");