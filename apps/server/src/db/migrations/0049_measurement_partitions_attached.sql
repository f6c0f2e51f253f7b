-- A new month's partition no longer stops ingestion (issue 28 item 1). CREATE TABLE … PARTITION OF takes an ACCESS
-- EXCLUSIVE lock on measurements: it waits for every batch being written to commit, and every batch after it waits
-- for it (the ingest bench saw each new month stall all writers for a transaction's length). The partition is now
-- created on its own, given its range as a CHECK constraint (so attaching it scans nothing) and attached, which
-- locks measurements in SHARE UPDATE EXCLUSIVE mode only: batches keep being written meanwhile.
CREATE OR REPLACE FUNCTION ensure_measurement_partition(month_start date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', month_start)::date;
  next date := (date_trunc('month', month_start) + interval '1 month')::date;
  name text := format('measurements_%s', to_char(first, 'YYYY_MM'));
BEGIN
  IF to_regclass(name) IS NULL THEN
    -- Concurrent creators: the loser's CREATE fails (as a duplicate, or on the catalogue's unique index) and is
    -- ignored; the partition exists either way.
    BEGIN
      EXECUTE format('CREATE TABLE %I (LIKE measurements INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
      EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (ts >= %L AND ts < %L)',
        name, name || '_range', first, next);
      EXECUTE format('ALTER TABLE measurements ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, first, next);
    EXCEPTION WHEN duplicate_table OR invalid_object_definition OR unique_violation THEN
      NULL;
    END;
  END IF;
END $$;
