-- Catalogue structure managed by staff (docs/product/back-office-catalogue.md "Catalogue structure",
-- docs/decisions/033-catalogue-structure.md). Brands: the list staff keep of the brands products name
-- (products.brand keeps the brand's name, as the storefront's brand filter reads it). Imports: the
-- option to create the categories, classes and brands a file names and the store lacks, and what the
-- import created (a dry run: would create).
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "brands_code_uq" ON "brands" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_uq" ON "brands" USING btree ("name");
--> statement-breakpoint
-- The brands the catalogue already names, each under a code made from its name (a clash gets -2, -3…).
INSERT INTO "brands" ("code", "name")
SELECT CASE WHEN n = 1 THEN base ELSE base || '-' || n END, brand
FROM (
  SELECT brand, base, row_number() OVER (PARTITION BY base ORDER BY brand) AS n
  FROM (
    SELECT brand,
      coalesce(nullif(left(trim(both '-' FROM regexp_replace(upper(brand), '[^A-Z0-9]+', '-', 'g')), 28), ''), 'BRAND') AS base
    FROM (SELECT DISTINCT trim(brand) AS brand FROM products WHERE brand IS NOT NULL AND trim(brand) <> '') b
  ) named
) numbered;
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "create_missing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "structure" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- A class's badge is drawn from its colour unless staff uploaded a picture (kept under the same key).
ALTER TABLE "class_codes" ADD COLUMN "badge_uploaded" boolean DEFAULT false NOT NULL;
