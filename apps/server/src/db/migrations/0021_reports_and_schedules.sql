-- Reports and e-mail schedules (issue 16): rendered report files, attachments of outbox mail, and the run keys that
-- keep one schedule occurrence to one mail per recipient whatever restarts or retries happen.

-- A rendered report PDF: what GET {url} of the online report call downloads and what auto-sent mail attaches.
-- Kept a few days (previews are looked at once; mail carries its own copy to the SMTP server).
CREATE TABLE report_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  model_id uuid REFERENCES equipment_models (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('MCA', 'RVS')),
  file_name text NOT NULL,
  content bytea NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_files_created_idx ON report_files (created_at);

-- One attachment per outbox message at most (the report PDF); the file outlives the message only while kept.
ALTER TABLE mail_outbox ADD COLUMN attachment_id uuid REFERENCES report_files (id) ON DELETE SET NULL;
-- '<schedule or report>:<occurrence>:<recipient>': a second insert for the same run and recipient is refused.
ALTER TABLE mail_outbox ADD COLUMN run_key text;
CREATE UNIQUE INDEX mail_outbox_run_key_idx ON mail_outbox (run_key) WHERE run_key IS NOT NULL;

-- Occurrences of schedules already handled (sent, or nothing to report), so a missed-run catch-up after a restart
-- and a pg-boss retry never send the same occurrence twice.
CREATE TABLE schedule_runs (
  run_key text PRIMARY KEY,
  mails integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
