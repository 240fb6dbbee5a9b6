-- A product's pictures as an ordered list (docs/decisions/022-product-images.md). The first is the
-- one listings, cards and carts show (mirrored to images/products/<sku>.jpg in the file store); the
-- product page shows them all. Each picture's JPEG lives in the file store under
-- images/gallery/<id>.jpg, written once and never changed, so its URL can be cached for a year.
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" ("product_id", "position");
--> statement-breakpoint
-- The change feed of migration 0008 ('f:' = what describes a product), so every process drops the
-- product's cached detail and listings when its pictures change.
CREATE TRIGGER product_images_feed_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_images_feed_update AFTER UPDATE ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_images_feed_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ws_notify_catalogue_change('f', 'product_id');
