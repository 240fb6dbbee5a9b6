-- Distributor data in (docs/product/back-office-catalogue.md, docs/decisions/017-catalogue-import.md).
-- Integration tokens: a machine (an ERP) calls the API with a bearer token that is not a user. Only
-- the SHA-256 of the secret is kept; the secret is shown once, at creation.
CREATE TABLE "integration_tokens" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "token_hash" text NOT NULL,
  "token_hint" text NOT NULL,
  "scopes" text[] NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_used_at" timestamp with time zone,
  "revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_tokens_hash_uq" ON "integration_tokens" ("token_hash");
--> statement-breakpoint
-- Catalogue imports: one row per uploaded file. The worker commits its progress (rows_done, counts,
-- errors) with each batch, so an import interrupted by a restart resumes after the last committed batch.
CREATE TABLE "import_jobs" (
  "id" serial PRIMARY KEY,
  "status" text NOT NULL DEFAULT 'queued',
  "dry_run" boolean NOT NULL DEFAULT false,
  "file_name" text NOT NULL,
  "file_key" text NOT NULL,
  "file_format" text NOT NULL,
  "images_key" text,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "heartbeat_at" timestamp with time zone,
  "rows_total" integer NOT NULL DEFAULT 0,
  "rows_done" integer NOT NULL DEFAULT 0,
  "created" integer NOT NULL DEFAULT 0,
  "updated" integer NOT NULL DEFAULT 0,
  "unchanged" integer NOT NULL DEFAULT 0,
  "deactivated" integer NOT NULL DEFAULT 0,
  "groups" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "errors" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "error_count" integer NOT NULL DEFAULT 0,
  "failure" text
);
--> statement-breakpoint
CREATE INDEX "import_jobs_status_idx" ON "import_jobs" ("status", "id");
