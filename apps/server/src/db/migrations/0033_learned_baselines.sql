-- Learned baselines beside fixed limits (issue 25 item 4, docs/baselines.md): a fault event records which of the two
-- raised its level. Events raised before learned baselines existed were all raised by fixed limits.
ALTER TABLE fault_events
  ADD COLUMN tripped_by text NOT NULL DEFAULT 'fixed_limit'
  CONSTRAINT fault_events_tripped_by_check CHECK (tripped_by IN ('fixed_limit', 'learned_baseline'));
