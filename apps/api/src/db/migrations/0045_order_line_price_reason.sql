-- Customer prices (docs/product/pricing.md): why an order line costs what it does, frozen
-- with its price when the order is placed, so the order pages, the desk, the PDF, the CSV export
-- and the webhooks say the same thing later. price_reason: 'selling' (the catalogue's selling
-- price), 'sale' (its second selling price) or 'price_list'; null on lines placed before reasons
-- were kept. The list's id, name and whom it was given to (the customer by name, or a group of
-- theirs) are a snapshot, not a link: a list renamed or deleted later
-- leaves the orders placed under it as they were (no foreign key, nothing to cascade). The
-- catalogue's selling price is kept beside the price paid, to strike it through.
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "price_reason" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "price_list_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "price_list_assignee" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "price_min_packs" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "selling_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_price_reason_check"
  CHECK ("price_reason" IS NULL OR "price_reason" IN ('selling', 'sale', 'price_list'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_price_list_assignee_check"
  CHECK ("price_list_assignee" IS NULL OR "price_list_assignee" IN ('customer', 'group'));
