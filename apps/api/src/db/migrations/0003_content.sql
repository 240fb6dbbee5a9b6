CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"craft" text,
	"link_path" text,
	"issue_date" date,
	"cover_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_kind_ck" CHECK ("content_items"."kind" in ('carousel','newsletter','catalogue','pattern','faq','support_article'))
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"item_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_size" integer,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector(case "lang" when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig else 'english'::regconfig end, coalesce("title", '') || ' ' || coalesce("body", ''))) STORED,
	CONSTRAINT "content_translations_item_id_lang_pk" PRIMARY KEY("item_id","lang")
);
--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_kind_order_idx" ON "content_items" USING btree ("kind","sort_order");--> statement-breakpoint
CREATE INDEX "content_translations_search_idx" ON "content_translations" USING gin ("search");--> statement-breakpoint
CREATE INDEX "content_translations_title_trgm_idx" ON "content_translations" USING gin ("title" gin_trgm_ops);