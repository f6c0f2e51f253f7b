-- Ingestion (issue 7): machine keys, the series catalogue, partitioned measurements, waveforms,
-- alarm state with persistence, component statuses and fault events.

CREATE TABLE ingest_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX ingest_keys_company_idx ON ingest_keys (company_id);

ALTER TABLE companies ADD COLUMN retention_days integer NOT NULL DEFAULT 3650 CHECK (retention_days BETWEEN 30 AND 36500);
ALTER TABLE equipment_models
  ADD COLUMN last_data_at timestamptz,
  -- A model with no data for longer than this turns offline (status −1).
  ADD COLUMN expected_interval_seconds integer NOT NULL DEFAULT 3600 CHECK (expected_interval_seconds >= 10);

-- One row per (model, tag): raw inputs from gateways and features the analysis computes.
CREATE TABLE series (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  tag text NOT NULL,
  unit text NOT NULL DEFAULT '',
  source text NOT NULL DEFAULT 'input' CHECK (source IN ('input', 'feature')),
  last_ts timestamptz,
  last_value double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_id, tag)
);

-- Range-partitioned by month (partitions are created ahead by a job and on demand by ingestion),
-- so old months can be dropped or moved. The primary key makes a repeated point a no-op.
CREATE TABLE measurements (
  series_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  value double precision NOT NULL,
  PRIMARY KEY (series_id, ts)
) PARTITION BY RANGE (ts);

CREATE FUNCTION ensure_measurement_partition(month_start date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', month_start)::date;
  name text := format('measurements_%s', to_char(first, 'YYYY_MM'));
BEGIN
  IF to_regclass(name) IS NULL THEN
    -- Concurrent creators: the loser's CREATE fails and is ignored; the partition exists either way.
    BEGIN
      EXECUTE format('CREATE TABLE %I PARTITION OF measurements FOR VALUES FROM (%L) TO (%L)',
        name, first, (first + interval '1 month')::date);
    EXCEPTION WHEN duplicate_table OR invalid_object_definition THEN
      NULL;
    END;
  END IF;
END $$;

SELECT ensure_measurement_partition((date_trunc('month', now()) + make_interval(months => m))::date)
FROM generate_series(-3, 3) AS m;

CREATE TABLE waveforms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  sensor text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('vibration', 'current', 'voltage')),
  channel text NOT NULL CHECK (channel IN ('x', 'y', 'z', 'a', 'b', 'c')),
  sample_rate double precision NOT NULL CHECK (sample_rate > 0),
  captured_at timestamptz NOT NULL,
  unit text NOT NULL,
  file_name text NOT NULL,
  alias text NOT NULL DEFAULT '',
  length integer NOT NULL CHECK (length > 0),
  -- little-endian float32 samples
  samples bytea NOT NULL,
  analysed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_id, sensor, kind, channel, captured_at)
);
CREATE INDEX waveforms_model_idx ON waveforms (model_id, sensor, channel, captured_at DESC);

-- 'X out of Y' persistence state and current status per monitored series (ANALYTICS.md §8).
CREATE TABLE alarm_states (
  series_id bigint PRIMARY KEY REFERENCES series (id) ON DELETE CASCADE,
  state jsonb NOT NULL,
  status smallint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Status of each component of a model (transformer groups b–j, MCA parts, VCA parts, EVS driver/transmission/driven, RVS sensors).
CREATE TABLE model_component_status (
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  component text NOT NULL,
  status smallint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, component)
);

CREATE TABLE fault_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  model_id uuid NOT NULL REFERENCES equipment_models (id) ON DELETE CASCADE,
  series_id bigint REFERENCES series (id) ON DELETE SET NULL,
  tag text NOT NULL,
  event_date timestamptz NOT NULL,
  alarm_type smallint NOT NULL CHECK (alarm_type IN (1, 2)),
  alarm_message text NOT NULL,
  alarm_value double precision NOT NULL,
  warning_limit double precision,
  alarm_limit double precision,
  sensor_id text NOT NULL,
  cause text NOT NULL DEFAULT '',
  recommendation text NOT NULL DEFAULT '',
  is_acknowledged boolean NOT NULL DEFAULT false,
  acknowledged_at timestamptz,
  acknowledged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  acknowledged_msg text,
  done_at timestamptz,
  done_by uuid REFERENCES users (id) ON DELETE SET NULL,
  done_msg text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fault_events_model_idx ON fault_events (model_id, event_date DESC);
CREATE INDEX fault_events_company_open_idx ON fault_events (company_id) WHERE done_at IS NULL;
