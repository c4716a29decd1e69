ALTER TABLE "contact_messages" ADD COLUMN "ip_hash" text;--> statement-breakpoint
CREATE INDEX "contact_messages_ip_idx" ON "contact_messages" USING btree ("ip_hash","created_at");