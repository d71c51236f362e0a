DROP INDEX "customers_type_idx";--> statement-breakpoint
CREATE INDEX "customers_live_created_idx" ON "customers" USING btree ("created_at","id") WHERE not "customers"."is_deleted";--> statement-breakpoint
CREATE INDEX "customers_live_type_idx" ON "customers" USING btree ("customer_type","created_at","id") WHERE not "customers"."is_deleted";