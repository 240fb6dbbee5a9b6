-- Idempotency keys of the buyer's writes (plugins/idempotency.ts, docs/deploy.md "Rolling restart"):
-- a repeated request under a key gets the stored answer instead of writing again, so nginx may pass
-- a write a closing process never answered to the other process. Kept IDEMPOTENCY_RETENTION_HOURS;
-- each new claim deletes a few expired rows (the created_at index finds them).
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
