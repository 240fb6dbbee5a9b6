-- The store's identity (name, legal name, logo, head office, support blocks, phones, e-mails, hours,
-- tax registration numbers; texts in EN/FR/ES): one row, set by an admin on the settings page
-- (docs/product/back-office-staff-and-customers.md, "Store identity"). No row means a fresh store whose
-- identity is not set yet: the back-office home's go-live checklist says so. The demo seed writes
-- the demo identity; nothing else in code or locale files names a store.
CREATE TABLE "store_identity" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "store_identity_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "store_identity" ADD CONSTRAINT "store_identity_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
