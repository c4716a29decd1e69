CREATE TABLE "fan_club_perk_redemptions" (
	"perk_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "fan_club_perk_redemptions_perk_id_order_id_pk" PRIMARY KEY("perk_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "amount_off_minor" integer;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD COLUMN "used_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fan_club_perk_redemptions" ADD CONSTRAINT "fan_club_perk_redemptions_perk_id_fan_club_perks_id_fk" FOREIGN KEY ("perk_id") REFERENCES "public"."fan_club_perks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_club_perk_redemptions_order_idx" ON "fan_club_perk_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_club_perks_store_code_key" ON "fan_club_perks" USING btree ("store_id",upper("code")) WHERE "fan_club_perks"."code" is not null;--> statement-breakpoint
CREATE INDEX "fan_club_perks_code_idx" ON "fan_club_perks" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "fan_club_perks" ADD CONSTRAINT "fan_club_perks_used_count_check" CHECK ("fan_club_perks"."used_count" >= 0);--> statement-breakpoint
-- Hand-written: existing percent perks with a code become percent discount codes, codes upper-case.
UPDATE "fan_club_perks" SET "code" = upper("code"), "discount_kind" = CASE WHEN "percent_off" IS NOT NULL THEN 'percent' ELSE NULL END WHERE "code" IS NOT NULL;
