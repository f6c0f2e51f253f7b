-- The demo plant's timeline origin, kept so a restarted demo continues its faults where they were.
CREATE TABLE demo_state (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  origin timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
