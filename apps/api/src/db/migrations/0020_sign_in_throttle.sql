-- Sign-in throttle (decision 015): one row per throttled key, claimed by a single statement, and
-- the devices a user signed in from before. login_attempts (one row per failure, counted in a
-- separate step) is replaced.
DROP TABLE IF EXISTS "login_attempts";
--> statement-breakpoint
CREATE TABLE "throttle_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT 'epoch' NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" ("user_id");
