-- Alarm outcomes (issue 25 item 5, docs/fault-events-and-notes.md "Outcomes and alarm precision"): marking a fault
-- event Done records what was found. `outcome` is one of fault_confirmed, no_fault_found, planned_maintenance,
-- other; a confirmed fault names the failure mode found (`outcome_failure_mode`, one of the engine's modes, or
-- other), no other outcome does. Events closed before this migration keep no outcome and count in no precision.
ALTER TABLE fault_events ADD COLUMN outcome text
  CHECK (outcome IN ('fault_confirmed', 'no_fault_found', 'planned_maintenance', 'other'));
ALTER TABLE fault_events ADD COLUMN outcome_failure_mode text;
ALTER TABLE fault_events ADD CONSTRAINT fault_events_outcome_failure_mode_check
  CHECK (coalesce(outcome = 'fault_confirmed', false) = (outcome_failure_mode IS NOT NULL));
-- The precision figures read the closed events with an outcome of a company (and model).
CREATE INDEX fault_events_outcome_idx ON fault_events (company_id, model_id, done_at) WHERE outcome IS NOT NULL;
