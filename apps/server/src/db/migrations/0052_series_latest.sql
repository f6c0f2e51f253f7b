-- A series' latest value leaves the series catalogue (issue 28 item 3, docs/decisions/0008). On a distributed
-- PostgreSQL (Citus) `series` is to be a reference table, copied to every node, so that its `UNIQUE (model_id, tag)`,
-- the ingest's lookup, stays a unique index; the latest value was updated by every ingest batch, which would make the
-- hottest write of all one replicated to every node. It moves to `series_latest`, one row per series that has data,
-- keyed by `series_id` like the measurements it follows and co-located with them on a cluster. `series` keeps what is
-- written once: its model, tag, unit and source.
CREATE TABLE series_latest (
  series_id bigint PRIMARY KEY REFERENCES series (id) ON DELETE CASCADE,
  last_ts timestamptz,
  last_value double precision
);

INSERT INTO series_latest (series_id, last_ts, last_value)
SELECT id, last_ts, last_value FROM series WHERE last_ts IS NOT NULL OR last_value IS NOT NULL;

ALTER TABLE series DROP COLUMN last_ts, DROP COLUMN last_value;
