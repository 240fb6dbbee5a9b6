-- Customer prices (docs/product/pricing.md, docs/decisions/038-customer-prices.md): customer groups,
-- named price lists of one currency, their entries (a product, a brand or a category; a fixed unit
-- price or a share off the selling price; from a number of packs; between two days) and who each
-- list is given to. Prices are worked out from these rows by the one pricing engine; none is stored.
CREATE TABLE IF NOT EXISTS "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "customer_groups_name_uq" ON "customer_groups" USING btree ("name");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "customer_group_members" (
	"group_id" integer NOT NULL REFERENCES "customer_groups"("id") ON DELETE cascade,
	"customer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	PRIMARY KEY ("group_id", "customer_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_group_members_customer_idx" ON "customer_group_members" USING btree ("customer_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL CHECK ("currency" IN ('CAD', 'USD')),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "price_lists_name_uq" ON "price_lists" USING btree ("name");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "price_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"product_id" integer REFERENCES "products"("id") ON DELETE cascade,
	"brand" text,
	"category_id" integer REFERENCES "categories"("id") ON DELETE cascade,
	"min_packs" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"unit_cents" integer,
	"basis_points" integer,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_entries_one_target" CHECK (num_nonnulls("product_id", "brand", "category_id") = 1),
	CONSTRAINT "price_list_entries_rule" CHECK (("kind" = 'fixed' AND "unit_cents" >= 0 AND "basis_points" IS NULL) OR ("kind" = 'percent_off' AND "basis_points" BETWEEN 1 AND 10000 AND "unit_cents" IS NULL)),
	CONSTRAINT "price_list_entries_min_packs" CHECK ("min_packs" >= 1),
	CONSTRAINT "price_list_entries_dates" CHECK ("ends_on" IS NULL OR "starts_on" IS NULL OR "ends_on" >= "starts_on")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "price_list_entries_uq" ON "price_list_entries" USING btree ("list_id", "product_id", "brand", "category_id", "min_packs", "starts_on") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_list_entries_product_idx" ON "price_list_entries" USING btree ("product_id", "list_id") WHERE "product_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_list_entries_brand_idx" ON "price_list_entries" USING btree ("brand", "list_id") WHERE "brand" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_list_entries_category_idx" ON "price_list_entries" USING btree ("category_id", "list_id") WHERE "category_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "price_list_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"customer_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"group_id" integer REFERENCES "customer_groups"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_assignments_one_assignee" CHECK (num_nonnulls("customer_id", "group_id") = 1)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "price_list_assignments_customer_uq" ON "price_list_assignments" USING btree ("list_id", "customer_id") WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "price_list_assignments_group_uq" ON "price_list_assignments" USING btree ("list_id", "group_id") WHERE "group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_list_assignments_customer_idx" ON "price_list_assignments" USING btree ("customer_id") WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_list_assignments_group_idx" ON "price_list_assignments" USING btree ("group_id") WHERE "group_id" IS NOT NULL;
