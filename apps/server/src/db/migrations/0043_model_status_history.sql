-- A model's status history (issue 26 items 1 and 4, docs/fault-events-and-notes.md "Status history"): one row per
-- change of equipment_models.status, written by the evaluation that sets the status, in the same transaction, only
-- when it changes. `changed_at` is in the data's own time (the value that caused the change; for 'no_data' the moment
-- the model's silence passed its expected interval), never before the previous row. 'In alarm since', the model's
-- status per day (GET /equipment-models/{id}/status-history) and the report's status history read it.
--
-- Keyed by model_id first: the table is distributed by model_id (docs/scale.md, "Distribution keys").
CREATE TABLE model_status_history (
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  changed_at timestamptz NOT NULL,
  -- −1 offline (no data), 0 normal, 1 warning, 2 alarm (spec 02 §4).
  status smallint NOT NULL CHECK (status BETWEEN -1 AND 2),
  -- What drove it: the evaluation of a tag's values, the model's silence, or this migration's backfill.
  source text NOT NULL CHECK (source IN ('evaluation', 'no_data', 'backfill')),
  -- With 'evaluation': the tag whose status change moved the model's, and the value that did it.
  tag text,
  value double precision,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, changed_at)
);

-- Backfill: every existing model starts its history with its current status. A model in warning or alarm is dated
-- from the start of its tags' current run at that level (alarm_states since1 / since2, as 'In alarm since' read it
-- until now), else from its oldest open event of the level; any other model, and one with neither, from now: what
-- came before this migration was not recorded, and the days before the first row read as 'no status recorded'.
INSERT INTO model_status_history (model_id, changed_at, status, source)
SELECT m.id,
  coalesce(
    CASE WHEN m.status IN (1, 2) THEN coalesce(
      (SELECT to_timestamp(min((a.state ->> ('since' || m.status))::float8) / 1000.0)
         FROM series sr JOIN alarm_states a ON a.series_id = sr.id
        WHERE sr.model_id = m.id AND a.status >= m.status AND a.state ->> ('since' || m.status) IS NOT NULL),
      (SELECT min(f.event_date) FROM fault_events f
        WHERE f.model_id = m.id AND f.done_at IS NULL AND f.alarm_type = m.status)) END,
    now()),
  greatest(-1, least(2, m.status)),
  'backfill'
FROM equipment_models m;

-- 'In alarm since' of a model at warning or alarm (`level` 1 or 2; NULL otherwise): the first change at that level or
-- above after the last change below it. Offline rows (no data) do not break the run: silence is not a sign that the
-- condition left. One definition for every reader (the company tables, the status-history call).
CREATE FUNCTION model_run_start(model uuid, level integer) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT min(h.changed_at) FROM model_status_history h
  WHERE h.model_id = model AND h.status >= level AND level IN (1, 2)
    AND h.changed_at > coalesce((SELECT max(b.changed_at) FROM model_status_history b
                                 WHERE b.model_id = model AND b.status BETWEEN 0 AND level - 1), '-infinity')
$$;
