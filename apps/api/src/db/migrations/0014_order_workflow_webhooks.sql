-- Order workflow (docs/product/back-office-orders.md): statuses placed → accepted → picking →
-- partially_shipped/shipped → invoiced, placed|accepted → cancelled; a version for optimistic checks.
UPDATE "orders" SET "status" = 'accepted' WHERE "status" = 'processing';
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_user_id" integer REFERENCES "users"("id");
--> statement-breakpoint
UPDATE "orders" SET "updated_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("status" IN ('placed','accepted','picking','partially_shipped','shipped','invoiced','cancelled'));
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at", "id");
--> statement-breakpoint
CREATE INDEX "orders_po_trgm_idx" ON "orders" USING gin ("po_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_names_trgm_idx" ON "users" USING gin ((coalesce("owner_name", '') || ' ' || coalesce("company_name", '')) gin_trgm_ops);
--> statement-breakpoint
-- Stock the order took at placing (a back-order line takes less than it asks); returned on cancel.
ALTER TABLE "order_lines" ADD COLUMN "stock_taken" integer;
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"carrier" text NOT NULL,
	"tracking_number" text,
	"shipped_by_user_id" integer REFERENCES "users"("id"),
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipment_id" integer REFERENCES "shipments"("id");
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer REFERENCES "users"("id"),
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id", "at");
--> statement-breakpoint
-- Buyer preference: false turns off the accepted and cancelled mails (the shipped mail always goes).
ALTER TABLE "users" ADD COLUMN "order_status_mails" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL CHECK ("status" IN ('active','paused')),
	"paused_reason" text,
	"failing_since" timestamp with time zone,
	"created_by_user_id" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending','delivered','failed')),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status", "next_attempt_at");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id", "id" DESC);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id", "id");
