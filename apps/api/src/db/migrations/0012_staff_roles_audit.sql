-- Staff roles (docs/decisions/018-staff-roles-and-audit.md): a staff member holds one or more of
-- admin, credit, orders, content. Staff accounts that existed before roles keep every right (admin).
-- NOTE: the users feed trigger of migration 0009 fires on every UPDATE of users, so a change of
-- staff_roles or is_active notifies ws_sessions and every process drops the user's cached sessions.
ALTER TABLE users ADD COLUMN staff_roles text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_staff_roles_known
  CHECK (staff_roles <@ ARRAY['admin','credit','orders','content']::text[]);
--> statement-breakpoint
UPDATE users SET staff_roles = '{admin}' WHERE role = 'staff';
--> statement-breakpoint
ALTER TABLE users ADD COLUMN staff_note text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN last_sign_in_at timestamp with time zone;
--> statement-breakpoint
-- Customer search by name, e-mail, customer code and company (trigram: substring matches use them).
CREATE INDEX users_search_trgm ON users USING gin (
  (lower(owner_name || ' ' || email || ' ' || coalesce(customer_code, '') || ' ' || coalesce(company_name, ''))) gin_trgm_ops
);
--> statement-breakpoint
-- The audit log (created in 0001 for application reads and decisions) becomes the record of every
-- staff action: who (id and e-mail as they were), when, what, and the changed fields before/after.
ALTER TABLE audit_log ADD COLUMN actor_email text;
--> statement-breakpoint
ALTER TABLE audit_log ADD COLUMN before jsonb;
--> statement-breakpoint
ALTER TABLE audit_log ADD COLUMN after jsonb;
--> statement-breakpoint
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, at DESC);
--> statement-breakpoint
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
--> statement-breakpoint
-- Append-only: the database itself refuses to change or remove a row of history. (TRUNCATE stays
-- possible for `npm run seed -- --reset`, which empties a development or benchmark database.)
CREATE OR REPLACE FUNCTION ws_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ws_audit_log_append_only();
