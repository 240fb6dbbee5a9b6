-- Background work goes through pg-boss (docs/decisions/035-jobs-on-a-kept-queue.md). runMigrations
-- installs pg-boss's schema and its queues (lib/job-queue.ts) before these migrations run.
--
-- enqueue_job is the one place that writes pg-boss's job table by hand, as pg-boss's own send()
-- does (plans.js insertJobs): the queue's policy copied onto the job, the time from its job_now()
-- (so its test clock applies), and a NOTIFY on its channel so a listening worker starts at once.
-- Rows enqueue through triggers, so a job commits or rolls back with the row that asks for it,
-- however the row is written (one INSERT, a CTE beside an order, a prepared statement).
-- NOTE: a pg-boss upgrade that changes its job table must be checked against this function; the
-- mail tests fail if a job it writes is no longer fetched.
CREATE OR REPLACE FUNCTION enqueue_job(p_queue text, p_data jsonb, p_run_at timestamptz DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q pgboss.queue%ROWTYPE;
  run_at timestamptz;
BEGIN
  SELECT * INTO q FROM pgboss.queue WHERE name = p_queue;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'job queue % is not installed (lib/job-queue.ts installJobQueue)', p_queue;
  END IF;
  run_at := greatest(coalesce(p_run_at, pgboss.job_now()), pgboss.job_now());
  INSERT INTO pgboss.job (name, data, start_after, created_on, keep_until, retry_limit, retry_delay,
    retry_backoff, retry_delay_max, expire_seconds, deletion_seconds, policy, dead_letter,
    heartbeat_seconds)
  VALUES (q.name, p_data, run_at, pgboss.job_now(), run_at + q.retention_seconds * interval '1 second',
    q.retry_limit, q.retry_delay, q.retry_backoff, q.retry_delay_max, q.expire_seconds,
    q.deletion_seconds, q.policy, q.dead_letter, q.heartbeat_seconds);
  IF q.notify AND run_at <= pgboss.job_now() THEN
    PERFORM pg_notify('pgboss_' || left(encode(sha224('pgboss'::bytea), 'hex'), 24), q.name);
  END IF;
END $$;
--> statement-breakpoint
-- A mail is due when it is pending and its next attempt has come: written so (a new mail, a failed
-- mail sent again, a retry after a refused attempt), it gets a job at that time. A job that finds
-- its mail sent, failed or moved later does nothing (mail.worker.ts).
CREATE OR REPLACE FUNCTION mail_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_job('mail', jsonb_build_object('mail_id', NEW.id), NEW.next_attempt_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_enqueue_insert AFTER INSERT ON mail_outbox
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION mail_outbox_enqueue();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_enqueue_update AFTER UPDATE OF status, next_attempt_at ON mail_outbox
  FOR EACH ROW WHEN (NEW.status = 'pending' AND (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.next_attempt_at IS DISTINCT FROM NEW.next_attempt_at))
  EXECUTE FUNCTION mail_outbox_enqueue();
--> statement-breakpoint
-- The same for webhook deliveries (webhooks.worker.ts): written pending or moved, a job at that time.
CREATE OR REPLACE FUNCTION webhook_delivery_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_job('webhook', jsonb_build_object('delivery_id', NEW.id), NEW.next_attempt_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_enqueue_insert AFTER INSERT ON webhook_deliveries
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION webhook_delivery_enqueue();
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_enqueue_update AFTER UPDATE OF status, next_attempt_at ON webhook_deliveries
  FOR EACH ROW WHEN (NEW.status = 'pending' AND (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.next_attempt_at IS DISTINCT FROM NEW.next_attempt_at))
  EXECUTE FUNCTION webhook_delivery_enqueue();
--> statement-breakpoint
-- A job finding its endpoint paused does nothing and the delivery stays pending: when the endpoint is
-- resumed, its pending deliveries that came due meanwhile get their jobs again (one not due yet
-- still has its job waiting).
CREATE OR REPLACE FUNCTION webhook_endpoint_resumed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_job('webhook', jsonb_build_object('delivery_id', d.id))
    FROM webhook_deliveries d
    WHERE d.endpoint_id = NEW.id AND d.status = 'pending' AND d.next_attempt_at <= now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_resumed AFTER UPDATE OF status ON webhook_endpoints
  FOR EACH ROW WHEN (NEW.status = 'active' AND OLD.status IS DISTINCT FROM 'active')
  EXECUTE FUNCTION webhook_endpoint_resumed();
--> statement-breakpoint
-- Deliveries the old outbox loop had not made yet.
SELECT enqueue_job('webhook', jsonb_build_object('delivery_id', id), next_attempt_at)
  FROM webhook_deliveries WHERE status = 'pending';
--> statement-breakpoint
-- A catalogue import queued by staff gets its job (import.worker.ts); imports the old worker had
-- not finished are queued again and resume after their last committed batch.
CREATE OR REPLACE FUNCTION import_job_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_job('import', jsonb_build_object('import_id', NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER import_jobs_enqueue AFTER INSERT ON import_jobs
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION import_job_enqueue();
--> statement-breakpoint
SELECT enqueue_job('import', jsonb_build_object('import_id', id))
  FROM import_jobs WHERE status IN ('queued', 'running') ORDER BY id;
--> statement-breakpoint
-- Mails the old outbox loop had not sent yet.
SELECT enqueue_job('mail', jsonb_build_object('mail_id', id), next_attempt_at)
  FROM mail_outbox WHERE status = 'pending';
