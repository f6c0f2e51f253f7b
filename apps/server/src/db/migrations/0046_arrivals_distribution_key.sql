-- The analysis queue carries its distribution key in its primary key (issue 28 item 3, docs/scale.md): keyed
-- (series_id, id), co-located with the measurement family by series, so a cluster keeps a series' queue on the shard
-- of its points. The old (series_id, id) index is the new key; every statement on the queue filters by series_id.
ALTER TABLE measurement_arrivals DROP CONSTRAINT measurement_arrivals_pkey;
DROP INDEX measurement_arrivals_series_idx;
ALTER TABLE measurement_arrivals ADD PRIMARY KEY (series_id, id);
