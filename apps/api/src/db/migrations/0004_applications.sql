CREATE TABLE "application_officers" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_trade_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"company_name" text NOT NULL,
	"owner_name" text NOT NULL,
	"email" text NOT NULL,
	"business_email" text NOT NULL,
	"form" jsonb NOT NULL,
	"sensitive" text NOT NULL,
	"card_authorized" boolean NOT NULL,
	"terms_acknowledged" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" integer,
	"reviewed_by_email" text,
	"rejection_reason" text,
	"customer_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "application_officers" ADD CONSTRAINT "application_officers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_trade_references" ADD CONSTRAINT "application_trade_references_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_officers_app_idx" ON "application_officers" USING btree ("application_id","position");--> statement-breakpoint
CREATE INDEX "application_trade_refs_app_idx" ON "application_trade_references" USING btree ("application_id","position");--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_pending_email_uq" ON "applications" USING btree (lower("email")) WHERE "applications"."status" = 'pending';