-- The fault-event lifecycle (issue 26 items 1 and 6, docs/fault-events-and-notes.md "Repeats, re-arm and closing"
-- and "Escalation and your mails").
--
-- Repeats: while an event of a tag and level is open, a new crossing counts on it (`occurrences`, the last value and
-- time) instead of opening another. Closing while the condition still holds: the next evaluation opens a new event
-- that names the closed one (`reopened_from`).
ALTER TABLE fault_events ADD COLUMN occurrences integer NOT NULL DEFAULT 1 CHECK (occurrences >= 1);
ALTER TABLE fault_events ADD COLUMN last_value double precision;
ALTER TABLE fault_events ADD COLUMN last_at timestamptz;
ALTER TABLE fault_events ADD COLUMN reopened_from bigint REFERENCES fault_events (id) ON DELETE SET NULL;
-- Escalation of an event nobody acknowledged: 1 reminded the assignees, 2 reminded the owners.
ALTER TABLE fault_events ADD COLUMN escalation_stage smallint NOT NULL DEFAULT 0 CHECK (escalation_stage BETWEEN 0 AND 2);
ALTER TABLE fault_events ADD COLUMN escalated_at timestamptz;
CREATE INDEX fault_events_open_tag_idx ON fault_events (model_id, tag, alarm_type) WHERE done_at IS NULL;
CREATE INDEX fault_events_unacknowledged_idx ON fault_events (event_date)
  WHERE done_at IS NULL AND NOT is_acknowledged AND escalation_stage < 2;

-- How long an event may wait for an acknowledgement before it is escalated, per company.
ALTER TABLE companies ADD COLUMN escalation_alarm_minutes integer NOT NULL DEFAULT 240
  CHECK (escalation_alarm_minutes BETWEEN 5 AND 43200);
ALTER TABLE companies ADD COLUMN escalation_warning_minutes integer NOT NULL DEFAULT 1440
  CHECK (escalation_warning_minutes BETWEEN 5 AND 43200);

-- Which new events each person gets by mail at once ('Real time fault event' on): levels, models, a quiet period
-- (local times in the company's zone; from = to means none).
ALTER TABLE user_settings ADD COLUMN mail_warning boolean NOT NULL DEFAULT true;
ALTER TABLE user_settings ADD COLUMN mail_alarm boolean NOT NULL DEFAULT true;
ALTER TABLE user_settings ADD COLUMN mail_models text NOT NULL DEFAULT 'all' CHECK (mail_models IN ('assigned', 'all'));
ALTER TABLE user_settings ADD COLUMN quiet_from time;
ALTER TABLE user_settings ADD COLUMN quiet_to time;
